// Bytes, SSE text or parsed chunk objects -> queued events, plus the first fault. Pull-driven:
// the reader feeds it one piece, drains `events`, then checks `error` and `stopped`, so every
// event that arrived before a fault is delivered first. Keeps no text beyond the SSE parser's
// unfinished line.
import { createParser, type EventSourceMessage, type EventSourceParser, type ParseError } from 'eventsource-parser';
import { appendChunkEvents } from './chunk-events.js';
import { ChatError } from './errors.js';
import { DEFAULT_CHAT_LIMITS } from './limits.js';
import { preview } from './preview.js';
import { providerError } from './provider-error.js';
import type { ChatStreamEvent } from './types.js';
import type { WireChunkReader } from './wire-chunk-reader.js';

/** One SSE event larger than this is never a chat chunk: stop instead of buffering without bound. */
export const MAX_SSE_EVENT_CHARS = 32 * 1024 * 1024;

export class ChatStreamDecoder {
  /** Events decoded and not yet delivered; the reader empties it. */
  readonly events: ChatStreamEvent[] = [];
  /** The first fault; nothing after it is decoded. */
  error: ChatError | undefined;
  sawDone = false;
  sawFinish = false;
  /** Chunk objects came from an iterator (the SDK's): its normal end is the stream's end. */
  private sawObjects = false;
  private chunks = 0;
  private ending = false;
  private ignoredLine: string | undefined;
  private readonly text = new TextDecoder('utf-8');
  private readonly sse: EventSourceParser;

  /** Characters of reasoning, text and tool arguments decoded so far. */
  replyChars = 0;
  private readonly maxSseEventChars: number;

  /**
   * Native tool calls begun so far; at each index the latest provider id and whether its
   * arguments so far end in `}` (a new id with a name after a closed object is another call, as
   * the block assembler counts them; a server inventing an id per delta is not many calls).
   */
  private toolCalls = 0;
  private readonly callAt = new Map<number, { id: string | undefined; closed: boolean }>();

  constructor(
    private readonly maxReplyChars: number = DEFAULT_CHAT_LIMITS.maxReplyChars,
    private readonly maxToolCallsPerReply: number = DEFAULT_CHAT_LIMITS.maxToolCallsPerReply,
    /** The wire's reader of parsed events (made for this stream); default: Chat Completions chunks. */
    private readonly reader: WireChunkReader = appendChunkEvents,
  ) {
    // One event holds at most the whole reply, JSON-escaped (up to 6 characters for one).
    this.maxSseEventChars = Math.min(MAX_SSE_EVENT_CHARS, maxReplyChars * 6 + 64 * 1024);
    this.sse = createParser({
      onEvent: (message) => this.onMessage(message),
      onError: (error) => this.onSseError(error),
      maxBufferSize: this.maxSseEventChars,
    });
  }

  /** No more input is wanted: a fault, or `[DONE]`. */
  get stopped(): boolean {
    return this.error !== undefined || this.sawDone;
  }

  feedBytes(bytes: Uint8Array): void {
    // Stryker disable next-line ConditionalExpression: after a stop every decoded event is ignored (onMessage, onSseError); this only saves the decoding
    if (this.stopped) return;
    // Streaming mode keeps a character split across network chunks for the next call.
    const text = this.text.decode(bytes, { stream: true });
    // Stryker disable next-line ConditionalExpression,StringLiteral: feeding '' is a no-op
    if (text !== '') this.sse.feed(text);
  }

  feedText(text: string): void {
    // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: feeding '' is a no-op, and after a stop every event is ignored
    if (!this.stopped && text !== '') this.sse.feed(text);
  }

  /** A chunk object parsed already (what the `openai` SDK yields). */
  feedChunk(chunk: unknown): void {
    this.sawObjects = true;
    this.decodeChunk(chunk);
  }

  private decodeChunk(chunk: unknown): void {
    if (this.stopped) return;
    this.chunks++;
    const from = this.events.length;
    try {
      const outcome = this.reader(chunk, this.events, this.chunks);
      if (outcome !== false) this.sawFinish = true;
      if (outcome === 'end') this.sawDone = true; // the wire's last event: nothing more is read
    } catch (error) {
      this.error =
        error instanceof ChatError
          ? error
          : new ChatError('malformed-chunk', `chunk ${this.chunks}: ${String(error)}`, { cause: error });
    }
    this.countReply(from);
  }

  /** Adds the size of the events from `from` on; past the cap, the reply ends with 'too-large'. */
  private countReply(from: number): void {
    const events = this.events;
    let chars = this.replyChars;
    for (let i = from; i < events.length; i++) {
      const event = events[i];
      if (event.type === 'text' || event.type === 'reasoning') chars += event.text.length;
      else if (event.type === 'tool-call') {
        chars += event.argumentsDelta.length;
        if (this.startsToolCall(event) && ++this.toolCalls > this.maxToolCallsPerReply) {
          // The calls before this one are delivered; this one and what follows are not.
          events.length = i;
          this.replyChars = chars - event.argumentsDelta.length;
          if (this.error === undefined) {
            this.error = new ChatError(
              'too-large',
              `the reply passed ${this.maxToolCallsPerReply} tool calls (maxToolCallsPerReply) in chunk ${this.chunks}; the request was stopped, the calls before it kept`,
              // Stryker disable next-line ObjectLiteral: 'too-large' is not retryable by default; retryable: false says so where it is made
              { retryable: false },
            );
          }
          return;
        }
      }
    }
    this.replyChars = chars;
    if (chars > this.maxReplyChars && this.error === undefined) {
      this.error = new ChatError(
        'too-large',
        `the reply passed ${this.maxReplyChars} characters (maxReplyChars) in chunk ${this.chunks}; the request was stopped`,
        // Stryker disable next-line ObjectLiteral: 'too-large' is not retryable by default; retryable: false says so where it is made
        { retryable: false },
      );
    }
  }

  /** Whether this tool-call delta begins a call: a new index, or a new id with a name after a closed call at a used one. O(delta). */
  private startsToolCall(event: Extract<ChatStreamEvent, { type: 'tool-call' }>): boolean {
    const at = this.callAt.get(event.index);
    const delta = event.argumentsDelta.trimEnd();
    const starts =
      at === undefined ||
      (event.id !== undefined && at.id !== undefined && event.id !== at.id && event.name !== undefined && at.closed);
    if (at === undefined || starts) this.callAt.set(event.index, { id: event.id, closed: delta.endsWith('}') });
    else {
      if (at.id === undefined) at.id = event.id;
      if (delta !== '') at.closed = delta.endsWith('}');
    }
    return starts;
  }

  /** What arrived so far, for a message. */
  describeProgress(): string {
    return `${this.chunks} chunks (${this.replyChars} characters of reply)`;
  }

  /**
   * The input ended: flush the last line; no finish_reason and no [DONE] means truncated. An
   * iterator of chunk objects that ends normally after at least one chunk is a normal end: the
   * SDK ends it at `[DONE]` (Snowflake Cortex sends no finish_reason) and throws on a fault.
   */
  end(): void {
    // Stryker disable next-line ConditionalExpression: once stopped, the last feed below is ignored by onMessage/onSseError and the next line returns
    if (this.stopped) return;
    this.ending = true;
    // A last event without its blank line still counts; a cut-off line is caught as truncated.
    this.sse.feed(`${this.text.decode()}\n\n`);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: sawObjects is only set by feedChunk, which counts the chunk unless the decoder already stopped
    if (this.stopped || this.sawFinish || (this.sawObjects && this.chunks > 0)) return;
    const what =
      this.chunks === 0
        ? this.ignoredLine === undefined
          ? 'the stream ended before any data'
          : `the stream ended without any data event; it began with ${preview(this.ignoredLine)}`
        : `the stream ended after ${this.chunks} chunks without a finish_reason or [DONE]`;
    this.error = new ChatError('truncated', what);
  }

  private onMessage(message: EventSourceMessage): void {
    if (this.stopped) return;
    const data = message.data;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the exact match and the length bound only spare a trim() per chunk
    if (data === '[DONE]' || (data.length < 16 && data.trim() === '[DONE]')) {
      this.sawDone = true;
      return;
    }
    if (message.event === 'ping' || data === '') return; // keep-alives
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      // A line cut off by the end after finish_reason (the usage chunk, say): the answer is whole,
      // so the end is normal, as when the bytes stop cleanly after finish_reason.
      if (this.ending && this.sawFinish && message.event !== 'error') return;
      this.chunks++;
      if (message.event === 'error') this.error = providerError(data, `chunk ${this.chunks} (event: error)`);
      else if (this.ending)
        this.error = new ChatError('truncated', `the stream ended inside chunk ${this.chunks}: ${preview(data)}`);
      else this.error = new ChatError('malformed-chunk', `malformed chunk ${this.chunks}: not JSON: ${preview(data)}`);
      return;
    }
    if (message.event === 'error') {
      this.chunks++;
      const body =
        chunk !== null && typeof chunk === 'object' && 'error' in chunk ? (chunk as { error: unknown }).error : chunk;
      this.error = providerError(body, `chunk ${this.chunks} (event: error)`);
      return;
    }
    this.decodeChunk(chunk);
  }

  private onSseError(error: ParseError): void {
    if (this.stopped) return;
    if (error.type === 'max-buffer-size-exceeded') {
      this.error = new ChatError(
        'too-large',
        `an SSE event passed ${this.maxSseEventChars} characters after chunk ${this.chunks}; the request was stopped`,
        // Stryker disable next-line ObjectLiteral: 'too-large' is not retryable by default; retryable: false says so where it is made
        { retryable: false },
      );
      return;
    }
    if (error.type !== 'unknown-field') return;
    // Stryker disable next-line StringLiteral: eventsource-parser gives every unknown-field error its line
    const line = error.line ?? '';
    // Some servers write a bare JSON error line instead of an SSE event.
    if (line.trimStart().startsWith('{')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
        // Stryker disable next-line BlockStatement: parsed is undefined already when JSON.parse throws; the assignment says so
      } catch {
        parsed = undefined;
      }
      // Stryker disable next-line ConditionalExpression: a line that starts with '{' parses to an object or not at all, never to null
      if (parsed !== null && typeof parsed === 'object' && 'error' in parsed) {
        this.error = providerError((parsed as { error: unknown }).error, `a line after chunk ${this.chunks}`);
        return;
      }
      this.error = new ChatError(
        'malformed-chunk',
        `a JSON line without "data:" after chunk ${this.chunks}: ${preview(line)}`,
      );
      return;
    }
    // Other unknown fields are ignored, as SSE says; remember one to explain an empty stream.
    this.ignoredLine ??= line.slice(0, 200);
  }
}
