// An OpenAI-compatible chat completion stream -> normalized events, from whatever carries it:
// a fetch Response, a byte stream, an async iterable of SSE bytes or text, or of chunk objects
// (what the `openai` SDK yields). Faults are thrown as ChatError after every earlier event.
import { abortedError, untilAborted } from './abort.js';
import { ChatError } from './errors.js';
import { httpError } from './http-error.js';
import { completionEvents } from './read-chat-completion.js';
import { ChatStreamDecoder } from './stream-decoder.js';
import type { ChatStreamEvent } from './types.js';

/** Anything a chat completion stream can arrive as. */
export type ChatStreamSource =
  | Response
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array | string>
  | AsyncIterable<object>;

export interface ReadChatStreamOptions {
  /** Aborting cancels the underlying read and throws ChatError 'aborted'. */
  signal?: AbortSignal;
}

function isResponse(source: unknown): source is Response {
  if (typeof Response !== 'undefined' && source instanceof Response) return true;
  // A Response from another realm or a fetch polyfill.
  return source !== null && typeof source === 'object' && 'status' in source && 'headers' in source && 'body' in source && typeof (source as Response).text === 'function';
}

function isReadableStream(source: unknown): source is ReadableStream<Uint8Array> {
  return source !== null && typeof source === 'object' && typeof (source as ReadableStream).getReader === 'function';
}

function isAsyncIterable(source: unknown): source is AsyncIterable<unknown> {
  return source !== null && typeof source === 'object' && typeof (source as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';
}

/** An error thrown by the source itself (an SDK's APIError, a dropped connection). */
function sourceError(error: unknown, signal: AbortSignal | undefined): ChatError {
  if (error instanceof ChatError) return error;
  if (signal?.aborted) return abortedError(signal);
  const e = error as { status?: unknown; message?: unknown; error?: { message?: unknown; code?: unknown } } | null;
  if (e !== null && typeof e === 'object' && typeof e.status === 'number') {
    const providerMessage = typeof e.error?.message === 'string' ? e.error.message : typeof e.message === 'string' ? e.message : undefined;
    return new ChatError('http', `HTTP ${e.status}: ${providerMessage ?? 'error from the source'}`, {
      status: e.status,
      providerMessage,
      providerCode: typeof e.error?.code === 'string' ? e.error.code : undefined,
      cause: error,
    });
  }
  return new ChatError('network', `reading the stream failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

function feed(decoder: ChatStreamDecoder, item: unknown): void {
  if (item instanceof Uint8Array) decoder.feedBytes(item);
  else if (typeof item === 'string') decoder.feedText(item);
  else if (item instanceof ArrayBuffer) decoder.feedBytes(new Uint8Array(item));
  else if (ArrayBuffer.isView(item)) decoder.feedBytes(new Uint8Array(item.buffer, item.byteOffset, item.byteLength));
  else decoder.feedChunk(item);
}

async function* fromReader(stream: ReadableStream<Uint8Array>, signal: AbortSignal | undefined): AsyncGenerator<ChatStreamEvent> {
  const decoder = new ChatStreamDecoder();
  const events = decoder.events;
  const reader = stream.getReader();
  // Cancelling settles a pending read at once, so an abort never waits for the next byte.
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  let exhausted = false;
  try {
    for (;;) {
      if (signal?.aborted) throw abortedError(signal);
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch (error) {
        exhausted = true;
        throw sourceError(error, signal);
      }
      if (signal?.aborted) throw abortedError(signal);
      if (result.done) {
        exhausted = true;
        decoder.end();
      } else feed(decoder, result.value);
      for (let i = 0; i < events.length; i++) {
        yield events[i];
        if (signal?.aborted) throw abortedError(signal);
      }
      events.length = 0;
      if (decoder.error !== undefined) throw decoder.error;
      if (decoder.sawDone || result.done) return;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Stopped early ([DONE], a fault, an abort, the consumer left): release the connection.
    if (!exhausted) reader.cancel().catch(() => {});
  }
}

async function* fromIterable(source: AsyncIterable<unknown>, signal: AbortSignal | undefined): AsyncGenerator<ChatStreamEvent> {
  const decoder = new ChatStreamDecoder();
  const events = decoder.events;
  const iterator = source[Symbol.asyncIterator]();
  let exhausted = false;
  try {
    for (;;) {
      if (signal?.aborted) throw abortedError(signal);
      let result: IteratorResult<unknown>;
      try {
        result = await untilAborted(iterator.next(), signal);
      } catch (error) {
        if (!(error instanceof ChatError && error.code === 'aborted')) exhausted = true;
        throw sourceError(error, signal);
      }
      if (result.done) {
        exhausted = true;
        decoder.end();
      } else feed(decoder, result.value);
      for (let i = 0; i < events.length; i++) {
        yield events[i];
        if (signal?.aborted) throw abortedError(signal);
      }
      events.length = 0;
      if (decoder.error !== undefined) throw decoder.error;
      if (decoder.sawDone || result.done) return;
    }
  } finally {
    // Tell the source to stop (an SDK stream then aborts its request); never wait for it.
    if (!exhausted) iterator.return?.()?.catch?.(() => {});
  }
}

async function* fromResponse(response: Response, signal: AbortSignal | undefined): AsyncGenerator<ChatStreamEvent> {
  if (signal?.aborted) throw abortedError(signal);
  if (response.status >= 400) throw await untilAborted(httpError(response), signal);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    // The server answered without streaming (or with an error object and status 200).
    const body = await untilAborted(response.text(), signal).catch((error: unknown) => {
      throw sourceError(error, signal);
    });
    yield* completionEvents(body);
    return;
  }
  if (response.body === null) throw new ChatError('truncated', `the response (HTTP ${response.status}) has no body`);
  yield* fromReader(response.body, signal);
}

/**
 * Reads an OpenAI-compatible chat completion stream as normalized events: reasoning, text,
 * tool-call deltas, usage and finish, in arrival order. Faults are thrown as ChatError
 * ('http', 'provider-error', 'malformed-chunk', 'truncated', 'aborted', 'network') after every
 * event that arrived before them. A stream that ends with neither finish_reason nor [DONE] is
 * 'truncated' (for chunk objects, which carry no [DONE], without a finish_reason).
 */
export function readChatCompletionStream(source: ChatStreamSource, options: ReadChatStreamOptions = {}): AsyncIterable<ChatStreamEvent> {
  const { signal } = options;
  if (isResponse(source)) return fromResponse(source, signal);
  if (isReadableStream(source)) return fromReader(source, signal);
  if (isAsyncIterable(source)) return fromIterable(source, signal);
  throw new TypeError(
    `readChatCompletionStream: expected a Response, a ReadableStream or an async iterable, got ${source === null ? 'null' : typeof source}`,
  );
}
