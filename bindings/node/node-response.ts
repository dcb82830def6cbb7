/// <reference types="node" />
// A fetch Response over node:http's IncomingMessage, with no web stream in between: the body's
// reader hands out the socket's own chunks, one promise per read (every chunk that waits, as one:
// a reader that comes back late decodes what arrived meanwhile in one go). It has what the chat client and
// most callers read — status, statusText, ok, url, headers, body.getReader(), text(), json(),
// arrayBuffer() — and pauses the socket while more than `maxQueuedBytes` wait unread, so a reader
// that stops reading stops the sender (TCP backpressure) instead of filling memory.
import type { IncomingMessage } from 'node:http';
import { concatBytes } from '../../src/wire/concat-bytes.js';

type ReadResult = ReadableStreamReadResult<Uint8Array>;

const DONE: ReadResult = Object.freeze({ done: true, value: undefined });

/** The body's one reader: a queue of the socket's chunks and at most one waiting read. */
function bodyReader(message: IncomingMessage, maxQueuedBytes: number) {
  const queue: Uint8Array[] = [];
  let queued = 0;
  let ended = false;
  let failure: unknown;
  let waiting: { resolve(r: ReadResult): void; reject(e: unknown): void } | undefined;

  const settle = () => {
    if (waiting === undefined) return;
    const w = waiting;
    waiting = undefined;
    if (failure !== undefined) w.reject(failure);
    else w.resolve(DONE);
  };
  message.on('data', (chunk: Buffer) => {
    if (waiting !== undefined) {
      const w = waiting;
      waiting = undefined;
      w.resolve({ done: false, value: chunk });
      return;
    }
    queue.push(chunk);
    queued += chunk.byteLength;
    if (queued > maxQueuedBytes) message.pause();
  });
  message.on('end', () => {
    ended = true;
    settle();
  });
  message.on('error', (error) => {
    failure ??= error;
    settle();
  });
  message.on('close', () => {
    // Closed without its end: the connection was cut (or the request destroyed).
    if (!ended) failure ??= new Error('the connection closed before the response body ended');
    settle();
  });

  return {
    read(): Promise<ReadResult> {
      if (queue.length > 0) {
        const value = queue.length === 1 ? queue[0] : concatBytes(queue, queued);
        queue.length = 0;
        queued = 0;
        if (message.isPaused()) message.resume();
        return Promise.resolve({ done: false, value });
      }
      if (failure !== undefined) return Promise.reject(failure);
      if (ended) return Promise.resolve(DONE);
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
      });
    },
    cancel(reason?: unknown): Promise<void> {
      queue.length = 0;
      queued = 0;
      if (!ended) {
        ended = true;
        message.destroy(reason instanceof Error ? reason : undefined);
      }
      settle();
      return Promise.resolve();
    },
  };
}

async function readAll(read: () => Promise<ReadResult>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await read();
    if (done) break;
    parts.push(value);
    size += value.byteLength;
  }
  return concatBytes(parts, size);
}

/** `message` as a fetch Response (the subset named above). */
export function nodeResponse(message: IncomingMessage, url: string, maxQueuedBytes: number): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const reader = bodyReader(message, maxQueuedBytes);
  let used = false;
  const take = () => {
    if (used) throw new TypeError('the response body was already read');
    used = true;
    return reader;
  };
  const status = message.statusCode ?? 0;
  const response = {
    status,
    statusText: message.statusMessage ?? '',
    ok: status >= 200 && status < 300,
    url,
    redirected: false,
    type: 'basic',
    headers,
    get bodyUsed() {
      return used;
    },
    body: {
      getReader: () => {
        const r = take();
        return { read: r.read, cancel: r.cancel, releaseLock: () => {}, closed: new Promise<void>(() => {}) };
      },
      cancel: (reason?: unknown) => take().cancel(reason),
      get locked() {
        return used;
      },
    },
    arrayBuffer: async () => (await readAll(take().read)).buffer,
    text: async () => new TextDecoder().decode(await readAll(take().read)),
    json: async () => JSON.parse(new TextDecoder().decode(await readAll(take().read))),
  };
  return response as unknown as Response;
}
