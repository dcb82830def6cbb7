// A shaped reply as the wire sends it: SSE frames in a stream (paced, maybe cut into random
// reads), or one JSON body (late under 'slow-first-token', cut in half by 'malformed-chunk').
import { jsonResponse } from './scripted-http.js';
import type { ShapedReply } from './scripted-shape.js';
import { abortReason, framesToStream, type NetworkShape } from './scripted-stream.js';
import type { WireContext } from './scripted-wire.js';
import type { WireAdapter } from './scripted-wire-adapters.js';

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The reply as the wire sends it: SSE frames when the body asks to stream, else one JSON body. */
export async function answerReply(
  adapter: WireAdapter,
  shaped: ShapedReply,
  ctx: WireContext,
  body: Record<string, unknown>,
  signal: AbortSignal | undefined,
  /** How the stream's reads are cut and timed; undefined: one read per event, on the pace. */
  shape: () => NetworkShape | undefined,
): Promise<Response> {
  const headers = { 'x-request-id': ctx.id, 'openai-model': ctx.model };
  if (body.stream === true) {
    return new Response(framesToStream(adapter.frames(shaped, ctx, body), signal, shape()), {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', ...headers },
    });
  }
  if (ctx.fault === 'slow-first-token') await delay(ctx.slowFirstTokenMs, signal);
  const json = adapter.json(shaped, ctx, body);
  if (ctx.fault === 'malformed-chunk') {
    const text = JSON.stringify(json);
    return new Response(text.slice(0, Math.floor(text.length / 2)), {
      status: 200,
      headers: { 'content-type': 'application/json', ...headers },
    });
  }
  return jsonResponse(json, 200, headers);
}
