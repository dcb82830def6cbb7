// The pieces a chat stream arrives in (bytes, SSE text or chunk objects), pulled one at a time
// from a ReadableStream or an async iterable, with aborting and faults as ChatError.
import { abortedError, untilAborted } from './abort.js';
import { describeError } from './describe-error.js';
import { ChatError } from './errors.js';
import { providerError } from './provider-error.js';
import { retryAfterFromHeaders } from './retry-after.js';

export interface StreamPieces {
  /** The next piece; rejects with ChatError ('aborted', 'network', 'http'). */
  read(): Promise<IteratorResult<unknown>>;
  /** Stops the source early (a fault, [DONE], the consumer left); never waits for it. */
  cancel(): void;
}

/**
 * An error thrown by the source itself: an SDK's APIError (with an HTTP status: 'http'; for an
 * `error` event in the stream, no status but an `.error` body: 'provider-error'), or a dropped
 * connection ('network', saying why).
 */
export function sourceError(error: unknown, signal: AbortSignal | undefined): ChatError {
  if (error instanceof ChatError) return error;
  if (signal?.aborted) return abortedError(signal);
  const e = error as {
    status?: unknown;
    message?: unknown;
    error?: unknown;
    headers?: { get(name: string): string | null };
  } | null;
  if (e !== null && typeof e === 'object') {
    const body =
      e.error !== null && typeof e.error === 'object' ? (e.error as { message?: unknown; code?: unknown }) : undefined;
    if (typeof e.status === 'number') {
      const providerMessage =
        typeof body?.message === 'string' ? body.message : typeof e.message === 'string' ? e.message : undefined;
      return new ChatError('http', `HTTP ${e.status}: ${providerMessage ?? 'error from the source'}`, {
        status: e.status,
        providerMessage,
        providerCode: typeof body?.code === 'string' ? body.code : undefined,
        retryAfterMs: retryAfterFromHeaders(e.headers),
        cause: error,
      });
    }
    // The SDK's APIError for an `error` object in the stream: the provider's verdict, not the network's.
    if (body !== undefined || typeof e.error === 'string')
      return providerError(e.error, 'the stream (thrown by the source)', error);
  }
  return new ChatError('network', `reading the stream failed: ${describeError(error)}`, { cause: error });
}

export function readerPieces(stream: ReadableStream<Uint8Array>, signal: AbortSignal | undefined): StreamPieces {
  const reader = stream.getReader();
  let settled = false;
  // Cancelling settles a pending read at once, so an abort never waits for the next byte.
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  const stop = () => {
    settled = true;
    signal?.removeEventListener('abort', onAbort);
  };
  return {
    async read() {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch (error) {
        stop();
        throw sourceError(error, signal);
      }
      if (signal?.aborted) throw abortedError(signal);
      if (result.done) stop();
      return result;
    },
    cancel() {
      if (settled) return;
      stop();
      reader.cancel().catch(() => {});
    },
  };
}

export function iterablePieces(source: AsyncIterable<unknown>, signal: AbortSignal | undefined): StreamPieces {
  const iterator = source[Symbol.asyncIterator]();
  let settled = false;
  return {
    async read() {
      let result: IteratorResult<unknown>;
      try {
        result = await untilAborted(iterator.next(), signal);
      } catch (error) {
        // An iterator that threw is finished; one left pending by an abort is told to stop.
        if (!(error instanceof ChatError && error.code === 'aborted')) settled = true;
        throw sourceError(error, signal);
      }
      if (result.done) settled = true;
      return result;
    },
    cancel() {
      if (settled) return;
      settled = true;
      // An SDK stream then aborts its request.
      iterator.return?.()?.catch?.(() => {});
    },
  };
}

/** A single value, then the end: a non-streamed body read already. */
export function singlePiece(value: unknown): StreamPieces {
  let read = false;
  return {
    read: () => {
      const result: IteratorResult<unknown> = read ? { done: true, value: undefined } : { done: false, value };
      read = true;
      return Promise.resolve(result);
    },
    cancel: () => {},
  };
}
