// The HTTP plumbing the turn server's routes share: JSON errors, a bounded JSON body (413 past
// the limit, 408 when it trickles in), and server-sent events written with backpressure.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Sends `{ error: { code, message } }` with `status` (or drops the connection if a stream began). */
export function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ error: { code, message } }));
}

/** A request body read as JSON, or the status and message to refuse it with. */
export type JsonBody =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 408 | 413; code: string; message: string };

/** Reads at most `limit` bytes within `deadlineMs` and parses them as JSON. */
export async function readJsonBody(req: IncomingMessage, limit: number, deadlineMs: number): Promise<JsonBody> {
  const declared = Number(req.headers['content-length']);
  const tooLarge: JsonBody = {
    ok: false,
    status: 413,
    code: 'body-too-large',
    message: `The request body is larger than ${limit} bytes (the server's --max-body).`,
  };
  if (Number.isFinite(declared) && declared > limit) return tooLarge;
  const parts: Buffer[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<JsonBody>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          ok: false,
          status: 408,
          code: 'body-too-slow',
          message: `Body not received within ${deadlineMs} ms.`,
        }),
      deadlineMs,
    );
  });
  const read = (async (): Promise<JsonBody> => {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) return tooLarge;
      parts.push(chunk);
    }
    try {
      return { ok: true, value: JSON.parse(Buffer.concat(parts).toString('utf8')) };
    } catch (error) {
      return {
        ok: false,
        status: 400,
        code: 'invalid-json',
        message: `The body is not JSON: ${(error as Error).message}`,
      };
    }
  })();
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Writes one chunk; resolves once the socket takes more (or closed). */
export async function writeChunk(res: ServerResponse, text: string): Promise<void> {
  if (res.destroyed || res.writableEnded) return;
  if (res.write(text)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
