// An OpenAI-compatible chat completion stream -> normalized events, from whatever carries it:
// a fetch Response, a byte stream, an async iterable of SSE bytes or text, or of chunk objects
// (what the `openai` SDK yields). Faults are thrown as ChatError after every earlier event.
import { abortedError, untilAborted } from './abort.js';
import { ChatEventIterator } from './chat-event-iterator.js';
import { httpError } from './http-error.js';
import { completionEvents } from './read-chat-completion.js';
import { iterablePieces, readerPieces, singlePiece, sourceError, type StreamPieces } from './stream-pieces.js';
import { ChatError } from './errors.js';
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

async function responsePieces(response: Response, signal: AbortSignal | undefined): Promise<StreamPieces> {
  if (signal?.aborted) throw abortedError(signal);
  if (response.status >= 400) throw await untilAborted(httpError(response), signal);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    // The server answered without streaming (or with an error object and status 200).
    let body: string;
    try {
      body = await untilAborted(response.text(), signal);
    } catch (error) {
      throw sourceError(error, signal);
    }
    completionEvents(body); // throws the typed error of a bad or failed completion
    return singlePiece(JSON.parse(body));
  }
  if (response.body === null) throw new ChatError('truncated', `the response (HTTP ${response.status}) has no body`);
  return readerPieces(response.body, signal);
}

/** The events of a response that is yet to come (the client's POST): fetched on the first `next()`. */
export function readChatResponse(respond: () => Promise<Response>, signal: AbortSignal | undefined): AsyncIterableIterator<ChatStreamEvent> {
  return new ChatEventIterator(async () => responsePieces(await respond(), signal), signal);
}

/**
 * Reads an OpenAI-compatible chat completion stream as normalized events: reasoning, text,
 * tool-call deltas, usage and finish, in arrival order. Faults are thrown as ChatError
 * ('http', 'provider-error', 'malformed-chunk', 'truncated', 'aborted', 'network') after every
 * event that arrived before them. A stream that ends with neither finish_reason nor [DONE] is
 * 'truncated' (for chunk objects, which carry no [DONE], without a finish_reason). Read it once.
 */
export function readChatCompletionStream(source: ChatStreamSource, options: ReadChatStreamOptions = {}): AsyncIterable<ChatStreamEvent> {
  const { signal } = options;
  let open: () => Promise<StreamPieces>;
  let discard: (() => void) | undefined;
  if (isResponse(source)) {
    open = () => responsePieces(source, signal);
    discard = () => cancelUnread(source.bodyUsed ? null : source.body);
  } else if (isReadableStream(source)) {
    open = async () => readerPieces(source, signal);
    discard = () => cancelUnread(source);
  } else if (isAsyncIterable(source)) open = async () => iterablePieces(source, signal);
  // (An async iterable is not touched unread: asking it for an iterator may itself start work.)
  else {
    throw new TypeError(
      `readChatCompletionStream: expected a Response, a ReadableStream or an async iterable, got ${source === null ? 'null' : typeof source}`,
    );
  }
  return new ChatEventIterator(open, signal, discard);
}

/** Cancels a byte stream nobody reads yet; one locked by a reader is that reader's to stop. */
function cancelUnread(stream: ReadableStream<Uint8Array> | null): void {
  if (stream !== null && !stream.locked) stream.cancel().catch(() => {});
}
