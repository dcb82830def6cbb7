// The client side of the latency figure: a fetch wrapper that finds the server's `: t=<epoch ms>`
// stamps in each body chunk as it arrives and queues them; whoever renders the turn takes the
// queue after each view update and records now − stamp for each.
import type { FetchLike } from '../../src/wire/types.js';

const MARK = Buffer.from(': t=');

/** Stamps seen in the bodies read through `fetch`, in arrival order, until taken. */
export interface StampQueue {
  stamps: number[];
}

function scan(chunk: Uint8Array, queue: StampQueue): void {
  const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let at = buf.indexOf(MARK);
  while (at >= 0) {
    const end = buf.indexOf(10, at);
    queue.stamps.push(Number(buf.toString('latin1', at + MARK.length, end < 0 ? buf.length : end)));
    at = buf.indexOf(MARK, at + MARK.length);
  }
}

/**
 * Wraps `fetch` so every response body's stamps go into `queue` as the bytes are read. The body is
 * handed on as a thin object whose `getReader()` scans each chunk the reader returns (the chat
 * client reads bodies only through `getReader()`): no extra web stream, so the measurement adds
 * one promise per read, not a stream hop.
 */
export function stampReadingFetch(fetch: FetchLike, queue: StampQueue): FetchLike {
  return async (input, init) => {
    const response = await fetch(input, init);
    const body = response.body;
    if (!body) return response;
    const scanned = {
      getReader() {
        const reader = body.getReader();
        return {
          read: () =>
            reader.read().then((result) => {
              if (!result.done) scan(result.value, queue);
              return result;
            }),
          cancel: (reason?: unknown) => reader.cancel(reason),
          releaseLock: () => reader.releaseLock(),
          closed: reader.closed,
        };
      },
      cancel: (reason?: unknown) => body.cancel(reason),
    };
    Object.defineProperty(response, 'body', { value: scanned });
    return response;
  };
}
