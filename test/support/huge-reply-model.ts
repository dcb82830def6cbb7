// A hostile model for replies too large to hold: an OpenAI-compatible server on 127.0.0.1 that
// answers each chat request with the next reply of a script, generated lazily and streamed as SSE
// `content` deltas in chunks of a chosen size, as fast as the client reads (it waits for the
// socket, so it holds no more than a chunk): a 60 MB write_to_file costs the server nothing.
// Request bodies are counted, not kept. (hostile-model-server.ts beside it keeps every request,
// for replies that fit in a string.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One reply: the pieces of its text, produced lazily. */
export type HostileReply = () => Iterable<string>;

export interface HostileServerOptions {
  /** The reply to request i is replies[i], the last one repeated after the script ends. */
  replies: HostileReply[];
  /** Characters of reply text per SSE event. Default 64 KiB. */
  chunkChars?: number;
}

export interface HostileServer {
  /** `http://127.0.0.1:<port>/v1`, for --base-url. */
  baseURL: string;
  /** Chat requests received so far, with their body sizes. */
  requests(): { bodyBytes: number }[];
  close(): Promise<void>;
}

/** `<write_to_file>` of `bytes` bytes of ASCII text (80-character lines) at `path`, in the tag protocol. */
export function hugeWriteReply(path: string, bytes: number): HostileReply {
  return function* () {
    yield `I will write the file.\n\n<write_to_file>\n<path>${path}</path>\n<content>\n`;
    const line = `${'the quick brown fox jumps over the lazy dog 0123456789 '.repeat(2).slice(0, 79)}\n`;
    const block = line.repeat(Math.floor(65_536 / line.length));
    let left = bytes;
    while (left > 0) {
      const piece = left >= block.length ? block : block.slice(0, left);
      left -= piece.length;
      yield piece;
    }
    yield '\n</content>\n</write_to_file>';
  };
}

/** `<attempt_completion>` with `result`: ends the turn. */
export function completionReply(result: string): HostileReply {
  return function* () {
    yield `<attempt_completion>\n<result>${result}</result>\n</attempt_completion>`;
  };
}

function sseEvent(content: string | null, finish: string | null): string {
  const delta = content === null ? {} : { content };
  return `data: ${JSON.stringify({ id: 'hostile', object: 'chat.completion.chunk', created: 0, model: 'hostile', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

/** Re-cuts the reply's pieces into chunks of `size` characters. */
function* rechunk(pieces: Iterable<string>, size: number): Generator<string> {
  let pending = '';
  for (const piece of pieces) {
    pending += piece;
    while (pending.length >= size) {
      yield pending.slice(0, size);
      pending = pending.slice(size);
    }
  }
  if (pending) yield pending;
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startHostileModelServer(options: HostileServerOptions): Promise<HostileServer> {
  const chunkChars = options.chunkChars ?? 64 * 1024;
  const seen: { bodyBytes: number }[] = [];
  const server: Server = createServer((request, response) => {
    const record = { bodyBytes: 0 };
    seen.push(record);
    const reply = options.replies[Math.min(seen.length - 1, options.replies.length - 1)];
    request.on('data', (chunk: Buffer) => (record.bodyBytes += chunk.length));
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const events = rechunk(reply(), chunkChars);
      const pump = () => {
        for (;;) {
          if (response.destroyed) return;
          const next = events.next();
          if (next.done) {
            response.end(`${sseEvent(null, 'stop')}data: [DONE]\n\n`);
            return;
          }
          if (!response.write(sseEvent(next.value, null))) return void response.once('drain', pump);
        }
      };
      response.on('close', () => response.destroy());
      pump();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests: () => seen.map((r) => ({ ...r })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
