// The one parse algorithm: a resumable cursor over a growing text. parseAssistantMessage is
// this parser fed the whole text at once, so the snapshot and stream forms cannot disagree.
//
// Cost: each push scans only the new chunk plus a carried tail no longer than the longest tag
// (an undecided `<read_fi`). Block values are built by appending slices and never re-read, so
// a push is O(chunk + number of blocks) even deep inside a 2 MB file content.

import { clineProtocol } from '../protocol/cline-protocol.js';
import type { Protocol } from '../protocol/define-protocol.js';
import type { AssistantMessageContent } from './blocks.js';
import type { StreamEndOptions, StreamParseOptions } from './options.js';
import { describeValue, ParserError } from './parser-error.js';
import { openReasoning, releaseHeldClose } from './scan/block-transitions.js';
import { scan } from './scan/scan.js';
import {
  createScanState,
  type DialectScanning,
  MODE_RAW_AFTER_CLOSE,
  MODE_TEXT,
  MODE_TOOL,
  NO_DIALECTS,
  type ScanState,
} from './scan/scan-state.js';
import { createTrimmedBuilder } from './text-builders.js';
import { snapshot } from './snapshot.js';

// the error the stream form throws, also importable from here
export { ParserError } from './parser-error.js';

/** A resumable parser of one reply; see {@link createStreamParser}. */
export interface StreamParser {
  /** Adds a chunk; returns the blocks of all text so far (equal to parseAssistantMessage of it). */
  push(chunk: string): AssistantMessageContent[];
  /**
   * Adds a chunk without building an answer. Scanning waits until `blocks` is read (or 16 KB
   * are waiting), so many tiny chunks cost what one big chunk costs. Read `blocks` when you
   * render (say once per animation frame): building an answer costs O(number of blocks),
   * which dominates when a long message arrives in thousands of tiny chunks.
   */
  write(chunk: string): void;
  /** The answer for all text so far (cached until the next write). */
  readonly blocks: AssistantMessageContent[];
  /**
   * The stream is over; returns the final blocks (equal to parseAssistantMessage(all, { final: true,
   * finishReason })). Pass the stream's finish_reason: only a normal end lets a recovered call whose
   * end marker the server stripped count as closed.
   */
  end(options?: StreamEndOptions): AssistantMessageContent[];
}

/** write() scans once this many characters are waiting, even if nobody reads. */
// Stryker disable next-line ArithmeticOperator: the batch size only decides how often write() scans, never the answer (chunking invariance)
const WRITE_BATCH = 16 * 1024;

/**
 * A parser for a reply that arrives in chunks. After every `push` its answer deep-equals
 * `parseAssistantMessage(allTextSoFar, options)`, and `end()` equals it with `final: true`; each
 * push costs O(chunk + blocks) however the text is cut. A complete block is the same object in
 * every later answer, so a UI can skip re-rendering it. Throws a {@link ParserError} for a chunk
 * that is not a string or one pushed after `end()`.
 *
 * @example
 * ```ts
 * import { createStreamParser, clineThinkProtocol } from 'agent-turn';
 *
 * const parser = createStreamParser({ protocol: clineThinkProtocol, idPrefix: 'turn1' });
 * parser.push('<think>check the file</think>Hello <read_fi'); // reasoning ✓, text 'Hello' — '<read_fi' held back
 * parser.push('le><path>src/a');                              // … tool_use { path: 'src/a' }, partial
 * const blocks = parser.end();                                 // an unclosed tool use stays partial: never run it
 * ```
 */
export function createStreamParser(options: StreamParseOptions = {}): StreamParser {
  const protocol = options.protocol ?? clineProtocol;
  // what withDialects attached (typed opaque in the protocol layer, which never imports the parser)
  const dialects = protocol.dialectScanning as DialectScanning | undefined;
  const state = createScanState(
    protocol.compiled,
    options.idPrefix ?? 'call',
    dialects?.compile(protocol) ?? NO_DIALECTS,
    dialects,
  );
  if (options.startInReasoning) openReasoning(state, protocol.reasoningTags[0] ?? 'think');

  let ended = false;
  /** Characters pushed so far. */
  let consumed = 0;
  let answer: AssistantMessageContent[] | undefined;
  /** Chunks written but not yet scanned: scanning waits until someone reads (or a batch is full). */
  const pending: string[] = [];
  let pendingLength = 0;

  function flush(): void {
    if (pending.length === 0) return;
    const text = pending.length === 1 ? pending[0]! : pending.join('');
    pending.length = 0;
    pendingLength = 0;
    consumed += text.length;
    // Stryker disable next-line StringLiteral: prepending an empty carry gives the same text
    const input = state.carry === '' ? text : state.carry + text;
    scan(state, input, consumed - input.length, false);
  }

  function write(chunk: string): void {
    if (ended) throw new ParserError('parser-ended', 'write() after end(): create a new parser for a new message');
    // a non-string (undefined, a Uint8Array) would otherwise become text like "undefined"
    if (typeof chunk !== 'string')
      throw new ParserError('invalid-chunk', `write() expects a string chunk, got ${describeValue(chunk)}`);
    const text = chunk;
    // Stryker disable next-line StringLiteral: an empty chunk scans to nothing either way
    if (text === '') return;
    answer = undefined;
    pending.push(text);
    // Stryker disable next-line AssignmentOperator: the batch size only decides how often write() scans, never the answer (chunking invariance)
    pendingLength += text.length;
    // a bounded batch: scanning many tiny chunks at once costs what one big chunk costs
    // Stryker disable next-line ConditionalExpression,EqualityOperator: when write() scans only decides the cost, never the answer (chunking invariance)
    if (pendingLength >= WRITE_BATCH) flush();
  }

  return {
    write,
    push(chunk) {
      write(chunk);
      flush();
      return (answer ??= snapshot(state, ended));
    },
    get blocks() {
      flush();
      return (answer ??= snapshot(state, ended));
    },
    end(endOptions = {}) {
      if (ended) throw new ParserError('parser-ended', 'end() called twice: create a new parser for a new message');
      flush();
      ended = true;
      const input = state.carry;
      // Stryker disable next-line StringLiteral: an ended parser never reads its carry again
      state.carry = '';
      // Stryker disable next-line ArithmeticOperator,StringLiteral: scanning an empty carry does nothing; a final scan of the carry opens no block, so its base offset (for call ids) is never used
      if (input !== '') scan(state, input, consumed - input.length, true);
      // the stream ended before a raw value's close tag was confirmed: it stays part of the value
      if (state.mode === MODE_RAW_AFTER_CLOSE) releaseHeldClose(state);
      const endedNormally = NORMAL_FINISH.has(endOptions.finishReason ?? '');
      dialects?.endConstructs(state, endedNormally);
      mentionAsText(state);
      dialects?.endReply(state, protocol, endedNormally, reparse);
      return (answer = snapshot(state, true));
    },
  };
}

/** `Use <read_file> to read it.`: a tool tag with no parameter, then words: the tag was a word of the sentence. */
function mentionAsText(state: ScanState): void {
  if (state.mode !== MODE_TOOL || !state.mentionOpen || !isSentence(state.mention)) return;
  const text = `<${state.tool!.name}>${state.mention}`;
  state.builder = createTrimmedBuilder();
  state.builder.append(text, 0, text.length);
  state.tool = undefined;
  state.mentionOpen = false;
  state.mode = MODE_TEXT;
}

/** `text` parsed as a whole reply of its own with `protocol` (the dialect scanning's re-readings). */
function reparse(protocol: Protocol, text: string, idPrefix: string, finishReason?: string): AssistantMessageContent[] {
  const parser = createStreamParser({ protocol, idPrefix });
  parser.push(text);
  return parser.end({ finishReason });
}

/** finish_reason values of a stream that ended normally (OpenAI's, and Anthropic's stop reasons). */
const NORMAL_FINISH = new Set(['stop', 'tool_calls', 'function_call', 'end_turn', 'tool_use', 'stop_sequence']);

const WORD = /[\p{L}\p{N}]/u;

/** Text after a tool's open tag that reads as the rest of a sentence: words, not the start of another tag. */
function isSentence(mention: string): boolean {
  const t = mention.trimStart();
  return t !== '' && t.charCodeAt(0) !== 60 && WORD.test(t);
}
