// The one parse algorithm: a resumable cursor over a growing text. parseAssistantMessage is
// this parser fed the whole text at once, so the snapshot and stream forms cannot disagree.
//
// Cost: each push scans only the new chunk plus a carried tail no longer than the longest tag
// (an undecided `<read_fi`). Block values are built by appending slices and never re-read, so
// a push is O(chunk + number of blocks) even deep inside a 2 MB file content.

import type { CompiledProtocol, CompiledTool } from '../protocol/define-protocol.js';
import { clineProtocol } from '../protocol/cline-protocol.js';
import type { AssistantMessageContent, ToolUse } from './blocks.js';
import type { StreamParseOptions } from './options.js';
import { TAG_COMPLETE, TAG_INCOMPLETE, readTag, type TagRecord } from './tag-reader.js';
import { createRawBuilder, createTrimmedBuilder, isWhitespace, type ValueBuilder } from './text-builders.js';
import { errorMarker, isMarkedInstance, markError } from '../errors/error-marker.js';

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
  /** The stream is over; returns the final blocks (equal to parseAssistantMessage(all, { final: true })). */
  end(): AssistantMessageContent[];
}

/** What a {@link ParserError} complains about: a chunk after `end()`, or a chunk that is not a string. */
export type ParserErrorCode = 'parser-ended' | 'invalid-chunk';

const PARSER_ERROR = /* @__PURE__ */ errorMarker('ParserError');

/** A misuse of the stream parser; `code` says which. */
export class ParserError extends Error {
  override readonly name = 'ParserError';

  /** True for a ParserError made by any copy of the package (ESM or CJS, any entry). */
  static override [Symbol.hasInstance](value: unknown): value is ParserError {
    return isMarkedInstance(this, ParserError, PARSER_ERROR, value);
  }

  constructor(
    readonly code: ParserErrorCode,
    message: string,
  ) {
    super(message);
    markError(this, PARSER_ERROR);
  }
}

const MODE_TEXT = 0; // prose between blocks
const MODE_TOOL = 1; // inside a tool, outside any parameter: only parameter tags and the close tag count
const MODE_PARAM = 2; // inside a parameter value
const MODE_RAW_AFTER_CLOSE = 3; // a raw value's close tag was seen: is it the real one?
const MODE_REASONING = 4; // inside a reasoning block: only its close tag counts
type Mode = 0 | 1 | 2 | 3 | 4;

const LT = 60, BACKTICK = 96;
/** write() scans once this many characters are waiting, even if nobody reads. */
const WRITE_BATCH = 16 * 1024;

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'an object';
  return typeof value;
}

export function createStreamParser(options: StreamParseOptions = {}): StreamParser {
  const protocol: CompiledProtocol = (options.protocol ?? clineProtocol).compiled;
  const idPrefix = options.idPrefix ?? 'call';
  const maxName = protocol.maxNameLength;
  const tag: TagRecord = { closing: false, name: '', end: 0 };

  const done: AssistantMessageContent[] = [];
  let ended = false;
  let mode: Mode = MODE_TEXT;
  /** Undecided tail (starts with '<'), carried to the next push; bounded by the longest tag. */
  let carry = '';
  /** Characters pushed so far. */
  let consumed = 0;
  /** The character before the next unscanned one (for the inline-code rule). */
  let previousCode = -1;

  // the block being built
  let builder: ValueBuilder = createTrimmedBuilder();
  let tool: CompiledTool | undefined;
  let callId = '';
  let params: Record<string, string> = {};
  let paramName = '';
  let paramRaw = false;
  /** Close string the current parameter or reasoning block waits for, e.g. `</path>`. */
  let closeTag = '';
  /** MODE_RAW_AFTER_CLOSE: the raw value's close tag and the whitespace after it, not yet judged. */
  let heldClose = '';

  if (options.startInReasoning) {
    mode = MODE_REASONING;
    closeTag = `</${(options.protocol ?? clineProtocol).reasoningTags[0] ?? 'think'}>`;
  }

  function closeText(): void {
    const content = builder.value;
    if (content !== '') done.push({ type: 'text', content, partial: false });
  }

  function openTool(compiled: CompiledTool, offset: number): void {
    tool = compiled;
    callId = `${idPrefix}_${offset}`;
    params = {};
    mode = MODE_TOOL;
  }

  function closeTool(): void {
    done.push({ type: 'tool_use', name: tool!.name, params, partial: false, call_id: callId });
    tool = undefined;
    params = {};
    builder = createTrimmedBuilder();
    mode = MODE_TEXT;
  }

  function openParam(name: string): void {
    paramName = name;
    paramRaw = tool!.params.get(name) === true;
    closeTag = `</${name}>`;
    builder = paramRaw ? createRawBuilder() : createTrimmedBuilder();
    mode = MODE_PARAM;
  }

  function closeParam(): void {
    // a later value of the same parameter replaces the earlier one
    params[paramName] = builder.value;
    paramName = '';
    mode = MODE_TOOL;
  }

  /**
   * Finds `closeTag` from `from`. Returns its index, or -1 with `holdAt` set to where a
   * trailing prefix of it starts (or -1 when the input ends in plain content).
   */
  let holdAt = -1;
  function findClose(input: string, from: number, final: boolean): number {
    const found = input.indexOf(closeTag, from);
    holdAt = -1;
    if (found !== -1 || final) return found;
    // only the last closeTag.length - 1 characters can start an unfinished close tag
    let k = input.indexOf('<', Math.max(from, input.length - closeTag.length + 1));
    while (k !== -1) {
      let m = 1; // compare in place: a slice per '<' would allocate on every chunk
      while (k + m < input.length && input.charCodeAt(k + m) === closeTag.charCodeAt(m)) m++;
      if (k + m === input.length) {
        holdAt = k;
        break;
      }
      k = input.indexOf('<', k + 1);
    }
    return -1;
  }

  /** Scans `input` (whose first character is at absolute offset `base`). Leaves an undecided tail in `carry`. */
  function scan(input: string, base: number, final: boolean): void {
    const len = input.length;
    let pos = 0;
    let hold = -1; // where the undecided tail starts, if any
    scanning: while (pos < len) {
      switch (mode) {
        case MODE_TEXT: {
          let from = pos;
          for (;;) {
            const lt = input.indexOf('<', from);
            if (lt === -1) {
              builder.append(input, pos, len);
              pos = len;
              break;
            }
            const before = lt > 0 ? input.charCodeAt(lt - 1) : previousCode;
            const kind = readTag(input, lt, maxName, tag);
            if (before !== BACKTICK && !tag.closing) {
              if (kind === TAG_COMPLETE) {
                const entry = protocol.textOpen.get(tag.name);
                if (entry !== undefined) {
                  builder.append(input, pos, lt);
                  closeText();
                  if (entry.kind === 'tool') openTool(entry.tool, base + lt);
                  else {
                    mode = MODE_REASONING;
                    closeTag = `</${entry.tag}>`;
                    builder = createTrimmedBuilder();
                  }
                  pos = tag.end;
                  continue scanning;
                }
              } else if (kind === TAG_INCOMPLETE && !final && protocol.textOpenPrefixes.has(tag.name)) {
                builder.append(input, pos, lt);
                hold = lt;
                break scanning;
              }
            }
            from = lt + 1;
          }
          break;
        }

        case MODE_TOOL: {
          const current = tool!;
          let from = pos;
          for (;;) {
            const lt = input.indexOf('<', from);
            if (lt === -1) {
              pos = len; // text between parameters is ignored
              break;
            }
            const kind = readTag(input, lt, maxName, tag);
            if (kind === TAG_COMPLETE) {
              if (tag.closing ? tag.name === current.name : current.params.has(tag.name)) {
                pos = tag.end;
                if (tag.closing) closeTool();
                else openParam(tag.name);
                continue scanning;
              }
            } else if (
              kind === TAG_INCOMPLETE &&
              !final &&
              (tag.closing ? current.name.startsWith(tag.name) : current.paramPrefixes.has(tag.name))
            ) {
              hold = lt;
              break scanning;
            }
            from = lt + 1;
          }
          break;
        }

        case MODE_PARAM:
        case MODE_REASONING: {
          const at = findClose(input, pos, final);
          if (at === -1) {
            const stop = holdAt === -1 ? len : holdAt;
            builder.append(input, pos, stop);
            if (holdAt !== -1) {
              hold = holdAt;
              break scanning;
            }
            pos = len;
            break;
          }
          builder.append(input, pos, at);
          pos = at + closeTag.length;
          if (mode === MODE_REASONING) {
            done.push({ type: 'reasoning', reasoning: builder.value, partial: false });
            builder = createTrimmedBuilder();
            mode = MODE_TEXT;
          } else if (paramRaw) {
            // a raw value may contain its own close tag: judge it by what follows
            heldClose = closeTag;
            mode = MODE_RAW_AFTER_CLOSE;
          } else closeParam();
          break;
        }

        case MODE_RAW_AFTER_CLOSE: {
          let j = pos;
          while (j < len && isWhitespace(input.charCodeAt(j))) j++;
          if (j > pos) heldClose += input.slice(pos, j);
          if (j === len) {
            pos = len;
            break;
          }
          if (input.charCodeAt(j) === LT) {
            const current = tool!;
            const kind = readTag(input, j, maxName, tag);
            if (kind === TAG_COMPLETE) {
              if (tag.closing ? tag.name === current.name : tag.name !== paramName && current.params.has(tag.name)) {
                heldClose = '';
                closeParam();
                pos = tag.end;
                if (tag.closing) closeTool();
                else openParam(tag.name);
                break;
              }
            } else if (
              kind === TAG_INCOMPLETE &&
              !final &&
              (tag.closing ? current.name.startsWith(tag.name) : tag.name !== paramName && current.paramPrefixes.has(tag.name))
            ) {
              hold = j;
              break scanning;
            }
          }
          // not the real close: it was content after all
          builder.append(heldClose, 0, heldClose.length);
          heldClose = '';
          mode = MODE_PARAM;
          pos = j;
          break;
        }
      }
    }
    if (hold === -1) {
      carry = '';
      if (len > 0) previousCode = input.charCodeAt(len - 1);
    } else {
      carry = input.slice(hold);
      if (hold > 0) previousCode = input.charCodeAt(hold - 1);
    }
  }

  function snapshot(final: boolean): AssistantMessageContent[] {
    let last: AssistantMessageContent | undefined;
    switch (mode) {
      case MODE_TEXT: {
        const content = builder.value;
        if (content !== '') last = { type: 'text', content, partial: !final };
        break;
      }
      case MODE_REASONING:
        last = { type: 'reasoning', reasoning: builder.value, partial: !final };
        break;
      default: {
        const shown: Record<string, string> = {};
        for (const key in params) shown[key] = params[key]!;
        if (mode !== MODE_TOOL) shown[paramName] = builder.value;
        last = { type: 'tool_use', name: tool!.name, params: shown, partial: true, call_id: callId };
      }
    }
    // one right-sized array: growing a copy by push() would allocate twice
    const n = done.length;
    const out: AssistantMessageContent[] = new Array(last === undefined ? n : n + 1);
    for (let i = 0; i < n; i++) out[i] = done[i]!;
    if (last !== undefined) out[n] = last;
    return out;
  }

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
    const input = carry === '' ? text : carry + text;
    scan(input, consumed - input.length, false);
  }

  function write(chunk: string): void {
    if (ended) throw new ParserError('parser-ended', 'write() after end(): create a new parser for a new message');
    // a non-string (undefined, a Uint8Array) would otherwise become text like "undefined"
    if (typeof chunk !== 'string') throw new ParserError('invalid-chunk', `write() expects a string chunk, got ${describeValue(chunk)}`);
    const text = chunk;
    if (text === '') return;
    answer = undefined;
    pending.push(text);
    pendingLength += text.length;
    // a bounded batch: scanning many tiny chunks at once costs what one big chunk costs
    if (pendingLength >= WRITE_BATCH) flush();
  }

  return {
    write,
    push(chunk) {
      write(chunk);
      flush();
      return (answer ??= snapshot(ended));
    },
    get blocks() {
      flush();
      return (answer ??= snapshot(ended));
    },
    end() {
      if (ended) throw new ParserError('parser-ended', 'end() called twice: create a new parser for a new message');
      flush();
      ended = true;
      const input = carry;
      carry = '';
      if (input !== '') scan(input, consumed - input.length, true);
      if (mode === MODE_RAW_AFTER_CLOSE) {
        // the stream ended before the close tag was confirmed: it stays part of the value
        builder.append(heldClose, 0, heldClose.length);
        heldClose = '';
        mode = MODE_PARAM;
      }
      return (answer = snapshot(true));
    },
  };
}
