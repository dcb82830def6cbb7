// The benchmark's model server, in its own process: the scripted model over loopback HTTP, each
// streamed write preceded by an SSE comment `: t=<epoch ms>` (comments are ignored by every SSE
// reader), so the client can measure write-to-view latency. Prints its URL as one JSON line on
// stdout; ends when stdin closes or on SIGTERM.
// node --import tsx bench/many-turns/stamped-server.ts [pace ms per token | "realistic"]
import { startScriptedServer } from '../../app/serve/serve-scripted-model.js';
import type { FetchLike } from '../../src/wire/types.js';
import { epochNow } from './clock.js';

const encoder = new TextEncoder();

function stampEachChunk(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const stamp = encoder.encode(`: t=${epochNow().toFixed(3)}\n`);
        const out = new Uint8Array(stamp.length + chunk.length);
        out.set(stamp, 0);
        out.set(chunk, stamp.length);
        controller.enqueue(out);
      },
    }),
  );
}

const stamped =
  (model: FetchLike): FetchLike =>
  async (input, init) => {
    const response = await model(input, init);
    if (!response.body || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream'))
      return response;
    return new Response(stampEachChunk(response.body), { status: response.status, headers: response.headers });
  };

const arg = process.argv[2] ?? 'realistic';
const pace = arg === 'realistic' ? undefined : Number(arg);
const server = await startScriptedServer({ port: 0, pace, wrapModel: stamped });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
