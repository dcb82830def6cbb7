// An OpenAI-compatible chat completion stream -> normalized events, from whatever carries it:
// a fetch Response, a byte stream, an async iterable of SSE bytes or text, or of chunk objects
// (what the `openai` SDK yields). Faults are thrown as ChatError after every earlier event.
import { AgentTurnOptionsError } from '../errors/agent-turn-options-error.js';
import { abortedError, untilAborted } from './abort.js';
import { ChatEventIterator } from './chat-event-iterator.js';
import { httpError } from './http-error.js';
import { completionEvents } from './read-chat-completion.js';
import { iterablePieces, readerPieces, singlePiece, sourceError, type StreamPieces } from './stream-pieces.js';
import { ChatError } from './errors.js';
import {
  DEFAULT_CHAT_LIMITS,
  maxBodyBytes,
  resolveLimits,
  type ChatLimits,
  type ResolvedChatLimits,
} from './limits.js';
import { readBodyText, type BodyText } from './read-body.js';
import type { ChatStreamEvent } from './types.js';
import type { ChatWire } from './chat-wire.js';
import { isObject } from './chunk-events.js';
import { providerError } from './provider-error.js';
import { wireReaderFor } from './wire-readers.js';

/** Anything a chat completion stream can arrive as. */
export type ChatStreamSource =
  | Response
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array | string>
  | AsyncIterable<object>;

/** Options of {@link readChatCompletionStream}: an abort signal, and the limits of ChatLimits. */
export interface ReadChatStreamOptions extends ChatLimits {
  /** Aborting cancels the underlying read and throws ChatError 'aborted'. */
  signal?: AbortSignal;
  /** Awaited after each read, before it is decoded: see ChatRequestOptions.beforeDecode. */
  beforeDecode?: () => Promise<void>;
  /**
   * The wire the stream speaks: `chat-completions` (default), `anthropic-messages` (its SSE, or
   * the `@anthropic-ai/sdk` stream's event objects) or `responses` (its SSE, or the `openai`
   * SDK's Responses stream events).
   */
  wire?: ChatWire;
}

function isResponse(source: unknown): source is Response {
  if (typeof Response !== 'undefined' && source instanceof Response) return true;
  // A Response from another realm or a fetch polyfill.
  return (
    source !== null &&
    typeof source === 'object' &&
    'status' in source &&
    'headers' in source &&
    'body' in source &&
    typeof (source as Response).text === 'function'
  );
}

function isReadableStream(source: unknown): source is ReadableStream<Uint8Array> {
  return source !== null && typeof source === 'object' && typeof (source as ReadableStream).getReader === 'function';
}

function isAsyncIterable(source: unknown): source is AsyncIterable<unknown> {
  return (
    source !== null &&
    typeof source === 'object' &&
    typeof (source as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function'
  );
}

async function responsePieces(
  response: Response,
  signal: AbortSignal | undefined,
  limits: ResolvedChatLimits,
  touch: () => void,
  wire: ChatWire = 'chat-completions',
): Promise<StreamPieces> {
  if (signal?.aborted) throw abortedError(signal);
  if (response.status >= 400) throw await untilAborted(httpError(response), signal);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    // The server answered without streaming (or with an error object and status 200).
    const body = await readCompletionBody(response, limits, signal, touch);
    if (wire !== 'chat-completions') throw jsonInsteadOfStream(body, wire);
    completionEvents(body); // throws the typed error of a bad or failed completion
    return singlePiece(JSON.parse(body));
  }
  if (response.body === null) throw new ChatError('truncated', `the response (HTTP ${response.status}) has no body`);
  return readerPieces(response.body, signal);
}

/** A JSON body where an Anthropic or Responses event stream was asked for: its error, or a malformed reply. */
function jsonInsteadOfStream(body: string, wire: ChatWire): ChatError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  if (isObject(parsed) && parsed.error !== undefined && parsed.error !== null)
    return providerError(parsed.error, 'the response body');
  return new ChatError('malformed-chunk', `a ${wire} stream was asked for, but the server answered with one JSON body`);
}

/** A non-streamed body as text, read up to the cap the reply limit allows ('too-large' past it). */
export async function readCompletionBody(
  response: Response,
  limits: ResolvedChatLimits,
  signal: AbortSignal | undefined,
  touch?: () => void,
): Promise<string> {
  const cap = maxBodyBytes(limits);
  let body: BodyText;
  try {
    body = await untilAborted(readBodyText(response, cap, touch), signal);
  } catch (error) {
    throw sourceError(error, signal);
  }
  if (!body.complete) {
    throw new ChatError(
      'too-large',
      `the response body passed ${cap} bytes (4 × maxReplyChars + 64 KiB); the request was stopped`,
      { retryable: false },
    );
  }
  return body.text;
}

/** The events of a response that is yet to come (the client's POST): fetched on the first `next()`. */
export function readChatResponse(
  respond: () => Promise<Response>,
  signal: AbortSignal | undefined,
  limits: ResolvedChatLimits,
  hooks: { discard: () => void; onFinish: () => void; beforeDecode?: () => Promise<void>; wire?: ChatWire },
): AsyncIterableIterator<ChatStreamEvent> {
  const wire = hooks.wire ?? 'chat-completions';
  return new ChatEventIterator(
    async (touch) => responsePieces(await respond(), signal, limits, touch, wire),
    signal,
    hooks.discard,
    limits,
    hooks.onFinish,
    hooks.beforeDecode,
    wireReaderFor(wire),
  );
}

/**
 * Reads an OpenAI-compatible chat completion stream as normalized events: reasoning, text,
 * tool-call deltas, usage and finish, in arrival order. Faults are thrown as ChatError
 * ('http', 'provider-error', 'malformed-chunk', 'truncated', 'aborted', 'network', 'timeout',
 * 'too-large') after every
 * event that arrived before them. A stream that ends with neither finish_reason nor [DONE] is
 * 'truncated' (chunk objects carry no [DONE]: their iterator's normal end after a chunk is a whole
 * answer). No byte for `firstByteTimeoutMs` / `idleTimeoutMs` is a retryable 'timeout'; a reply past
 * `maxReplyChars` is a non-retryable 'too-large' (see ChatLimits). Read it once.
 *
 * @example
 * ```ts
 * import OpenAI from 'openai';
 * import { readChatCompletionStream, createBlockAssembler } from 'agent-turn';
 *
 * // a fetch Response, a ReadableStream of SSE bytes, strings, or the official SDK's chunk objects
 * const chunks = await new OpenAI().chat.completions.create({ model: 'gpt-4.1-mini', messages, stream: true });
 * const blocks = createBlockAssembler();
 * for await (const event of readChatCompletionStream(chunks)) render(blocks.push(event));
 * render(blocks.end());
 * ```
 */
export function readChatCompletionStream(
  source: ChatStreamSource,
  options: ReadChatStreamOptions = {},
): AsyncIterable<ChatStreamEvent> {
  const { signal } = options;
  const limits = resolveLimits(options, DEFAULT_CHAT_LIMITS, 'readChatCompletionStream');
  let open: (touch: () => void) => Promise<StreamPieces>;
  let discard: (() => void) | undefined;
  if (isResponse(source)) {
    open = (touch) => responsePieces(source, signal, limits, touch, options.wire);
    discard = () => cancelUnread(source.bodyUsed ? null : source.body);
  } else if (isReadableStream(source)) {
    open = async () => readerPieces(source, signal);
    discard = () => cancelUnread(source);
  } else if (isAsyncIterable(source)) open = async () => iterablePieces(source, signal);
  // (An async iterable is not touched unread: asking it for an iterator may itself start work.)
  else {
    throw new AgentTurnOptionsError(
      `readChatCompletionStream: expected a Response, a ReadableStream or an async iterable, got ${source === null ? 'null' : typeof source}`,
      'source',
    );
  }
  const reader = wireReaderFor(options.wire ?? 'chat-completions');
  return new ChatEventIterator(open, signal, discard, limits, undefined, options.beforeDecode, reader);
}

/** Cancels a byte stream nobody reads yet; one locked by a reader is that reader's to stop. */
function cancelUnread(stream: ReadableStream<Uint8Array> | null): void {
  if (stream !== null && !stream.locked) stream.cancel().catch(() => {});
}
