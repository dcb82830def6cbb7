// A turn's stream as one HTTP response: the headers at once, each chunk as it comes, the tail at
// the end. A client that leaves before the end (an aborted fetch, a closed tab) cancels the turn.
import type { ServerResponse } from 'node:http';
import { writeChunk } from './http-io.js';

/** What {@link streamResponse} writes and whom it tells when the client leaves early. */
export interface StreamedResponse {
  headers: Record<string, string>;
  /** The SSE chunks, given the signal that fires when the client left. */
  chunks(signal: AbortSignal): AsyncIterable<string>;
  /** Written after the last chunk (e.g. `data: [DONE]`). */
  tail?: string;
  /** The client left before the stream ended. */
  onClientGone(): void;
}

/** Streams the response to its end, or until the client goes. */
export async function streamResponse(res: ServerResponse, stream: StreamedResponse): Promise<void> {
  const gone = new AbortController();
  let ended = false;
  res.on('close', () => {
    if (ended) return;
    gone.abort();
    stream.onClientGone();
  });
  res.writeHead(200, stream.headers);
  // Headers go out now: the client sees the response start before the first event.
  res.flushHeaders();
  try {
    for await (const chunk of stream.chunks(gone.signal)) {
      if (gone.signal.aborted) break;
      await writeChunk(res, chunk);
    }
  } finally {
    if (!gone.signal.aborted) {
      ended = true;
      res.end(stream.tail ?? '');
    }
  }
}
