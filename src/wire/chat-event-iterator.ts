// The async iterator of normalized events. Hand-written rather than an async generator: it
// hands out queued events with one resolved promise each, which keeps the per-event cost
// close to the SSE parser's own (see bench/wire.bench.ts).
import { abortedError } from './abort.js';
import type { ChatError } from './errors.js';
import type { ResolvedChatLimits } from './limits.js';
import { ChatStreamDecoder } from './stream-decoder.js';
import { sourceError, type StreamPieces } from './stream-pieces.js';
import type { ChatStreamEvent } from './types.js';
import { Watchdog } from './watchdog.js';
import type { WireChunkReader } from './wire-chunk-reader.js';

const DONE: IteratorResult<ChatStreamEvent> = /* @__PURE__ */ Object.freeze({ done: true, value: undefined });

export class ChatEventIterator implements AsyncIterableIterator<ChatStreamEvent> {
  private readonly decoder: ChatStreamDecoder;
  private readonly events: ChatStreamEvent[];
  private readonly watchdog: Watchdog;
  private index = 0;
  private pieces: StreamPieces | undefined;
  private finished = false;

  constructor(
    /** Opens the source on the first `next()` (a Response is checked for an HTTP error then); `touch` is told of bytes that arrive meanwhile. */
    private readonly open: (touch: () => void) => Promise<StreamPieces>,
    private readonly signal: AbortSignal | undefined,
    /** Releases a source that was never opened (aborted, left before the first read, or timed out opening). */
    private readonly discard: (() => void) | undefined,
    limits: ResolvedChatLimits,
    /** Told once when the iterator is done, however it ended. */
    private readonly onFinish?: () => void,
    /** Awaited after each piece that arrived, before it is decoded (ChatRequestOptions.beforeDecode). */
    private readonly beforeDecode?: () => Promise<void>,
    /** The wire's reader of parsed events, made for this stream; default: Chat Completions chunks. */
    reader?: WireChunkReader,
  ) {
    this.decoder = new ChatStreamDecoder(limits.maxReplyChars, limits.maxToolCallsPerReply, reader);
    this.events = this.decoder.events;
    this.watchdog = new Watchdog(limits, () => this.decoder.describeProgress());
  }

  /** Events decoded and not yet handed out: 0 means the next `next()` reads (and waits for) more. */
  get bufferedEvents(): number {
    return this.events.length - this.index;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<ChatStreamEvent>> {
    if (this.index < this.events.length && !this.signal?.aborted) {
      return Promise.resolve({ done: false, value: this.events[this.index++] });
    }
    return this.fill();
  }

  return(): Promise<IteratorResult<ChatStreamEvent>> {
    this.finish();
    return Promise.resolve(DONE);
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.watchdog.stop();
    this.events.length = 0;
    this.index = 0;
    // Unopened, a Response body would otherwise keep its connection (and the generation) going.
    if (this.pieces === undefined) this.discard?.();
    else this.pieces.cancel();
    this.onFinish?.();
  }

  private fail(error: ChatError): never {
    this.finish();
    throw error;
  }

  /** Reads pieces until there are events to hand out, the end, or a fault (after the events before it). */
  private async fill(): Promise<IteratorResult<ChatStreamEvent>> {
    const { decoder, events, signal } = this;
    for (;;) {
      if (this.finished) return DONE;
      if (signal?.aborted) this.fail(abortedError(signal));
      events.length = 0;
      this.index = 0;
      if (decoder.error !== undefined) this.fail(decoder.error);
      if (decoder.sawDone) {
        this.finish();
        return DONE;
      }
      let result: IteratorResult<unknown>;
      try {
        this.pieces ??= await this.watchdog.guard(this.open(() => this.watchdog.touch()));
        result = await this.watchdog.guard(this.pieces.read());
      } catch (error) {
        const fault = sourceError(error, signal);
        // The connection dropped or went silent after finish_reason: the answer is whole, as if the bytes had ended.
        if (!((fault.code === 'network' || fault.code === 'timeout') && decoder.sawFinish)) this.fail(fault);
        result = { done: true, value: undefined };
      }
      if (!result.done && this.beforeDecode !== undefined) {
        await this.beforeDecode();
        if (this.finished) return DONE; // left (return()) while the piece waited
      }
      if (signal?.aborted) this.fail(abortedError(signal));
      if (result.done) {
        decoder.end();
        if (events.length === 0 && decoder.error === undefined) {
          this.finish();
          return DONE;
        }
        decoder.sawDone = true; // nothing more to read: end after these events
      } else {
        this.watchdog.touch();
        const piece = result.value;
        if (piece instanceof Uint8Array) decoder.feedBytes(piece);
        else if (typeof piece === 'string') decoder.feedText(piece);
        else if (piece instanceof ArrayBuffer) decoder.feedBytes(new Uint8Array(piece));
        else if (ArrayBuffer.isView(piece))
          decoder.feedBytes(new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength));
        else decoder.feedChunk(piece);
      }
      if (events.length > 0) return { done: false, value: events[this.index++] };
    }
  }
}
