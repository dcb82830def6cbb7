// The moves of another dialect's construct: it opens (the text before it stays open), and at its
// close it becomes tool uses (the text before it completes) or, when no recognizer reads it,
// goes back into the text exactly as written.

import type { OpenerEntry } from '../dialects/registry.js';
import type { DecodeContext, DecodedCall } from '../dialects/recognizer.js';
import type { DialectName } from '../../protocol/dialect-names.js';
import { createTrimmedBuilder, type TextBuilder } from '../text-builders.js';
import { closeText } from './block-transitions.js';
import { trackMarkdown } from './markdown-context.js';
import { deferCalls, mayBeInReasoning } from './deferred-calls.js';
import { pushCallBlocks } from './call-blocks.js';
import { MODE_DIALECT, MODE_TEXT, type ScanState } from './scan-state.js';

/** A construct's opener `openText` at absolute offset `offset`. */
export function openDialect(s: ScanState, entry: OpenerEntry, offset: number, openText: string): void {
  // the builder stays the text before the construct (nothing appends to it inside one); in text
  // mode it is always a text builder
  s.pendingText = s.builder as TextBuilder;
  s.dialectEntry = entry;
  s.dialectOpenAt = offset;
  s.dialectOpenText = openText;
  s.dialectHeader = '';
  s.dialectHeaderPending = entry.headerEnd !== undefined;
  s.dialectBody = '';
  s.mode = MODE_DIALECT;
}

export function appendBody(s: ScanState, input: string, from: number, to: number): void {
  if (to > from) s.dialectBody += from === 0 && to === input.length ? input : input.slice(from, to);
}

export function takeBody(s: ScanState): string {
  const body = s.dialectBody;
  s.dialectBody = '';
  return body;
}

const contexts = new WeakMap<ScanState['protocol'], DecodeContext>();

/** What the recognizers may ask about the protocol: made once per protocol, not per construct. */
export function decodeContext(s: ScanState): DecodeContext {
  const protocol = s.protocol;
  let context = contexts.get(protocol);
  if (context === undefined) {
    const tools = protocol.tools;
    context = {
      hasTool: (name) => tools.has(name),
      isRaw: (tool, param) => tools.get(tool)?.params.get(param) === true,
    };
    contexts.set(protocol, context);
  }
  return context;
}

/** Leaves the construct: back to text mode with the text before it (completed or going on). */
function leave(s: ScanState): void {
  s.dialectEntry = undefined;
  s.pendingText = undefined;
  s.mode = MODE_TEXT;
}

/** Not a construct after all: everything from the opener on goes back into the text. */
export function dialectAsText(s: ScanState, rest: string): void {
  const text = s.pendingText!;
  // a header read (harmony's `<|start|>assistant<|channel|>commentary to=…<|message|>`) is template
  // markup, never prose: it goes with its opener
  const opener = s.dialectHeader !== '' ? '' : s.dialectOpenText;
  text.append(opener, 0, opener.length);
  text.append(rest, 0, rest.length);
  // the construct was prose after all: its backticks and line breaks count for the Markdown state
  trackMarkdown(s.md, opener, 0, opener.length);
  trackMarkdown(s.md, rest, 0, rest.length);
  s.builder = text;
  leave(s);
}

/** The header was dropped (harmony's `<|channel|>final<|message|>`): the text before goes on. */
export function dialectDropped(s: ScanState): void {
  s.builder = s.pendingText!;
  leave(s);
}

/** The text before the construct completes; a new block (reasoning) follows. */
export function closePendingText(s: ScanState): void {
  s.builder = s.pendingText!;
  closeText(s);
  s.builder = createTrimmedBuilder();
  leave(s);
}

/**
 * The calls of the construct opened at `at`, written as `body` + `close` after its opener and
 * header (`withOpener`) or not: the text before it completes, then a tool use each — or, while the
 * reply may still turn out to have begun inside reasoning, they wait as text (see
 * deferred-calls.ts), the construct kept in its parts as written.
 */
function pushCalls(
  s: ScanState,
  calls: readonly DecodedCall[],
  dialect: DialectName,
  at: number,
  body: string,
  close: string,
  withOpener: boolean,
): void {
  if (mayBeInReasoning(s)) {
    const opener = withOpener ? s.dialectOpenText + s.dialectHeader : '';
    const text = s.pendingText!;
    leave(s);
    deferCalls(s, text, calls, dialect, at, opener, body, close);
    return;
  }
  closePendingText(s);
  pushCallBlocks(s.done, s.idPrefix, calls, dialect, at);
}

/** Which dialect {@link decodeBody} read last (a shared slot: no result object per construct). */
const decoded: { dialect: DialectName } = { dialect: 'hermes' };

/** The first recognizer's reading of `body` (its dialect in `decoded.dialect`), or undefined when none reads it. */
function decodeBody(
  entry: OpenerEntry,
  body: string,
  context: DecodeContext,
  header: string,
): DecodedCall[] | undefined {
  for (const recognizer of entry.recognizers) {
    const calls = recognizer.decode(body, context, header);
    if (calls !== undefined) {
      decoded.dialect = recognizer.dialect;
      return calls;
    }
  }
  return undefined;
}

const BACKTICK = 96;

/**
 * `Use <tool_call> blocks. <tool_call>{…}</tool_call>`: the first opener was a word of the
 * sentence and the close belongs to the last one. When only prose lies between them and the body
 * after the last opener reads as calls (that opener not inline code, no code fence before it),
 * the prose stays text and the calls count. Two searches of a body already collected: still O(n).
 */
function innerConstruct(
  s: ScanState,
  entry: OpenerEntry,
  body: string,
  close: string,
  context: DecodeContext,
): boolean {
  const opener = s.dialectOpenText;
  if (s.dialectHeader !== '' || opener === '') return false;
  const inner = body.lastIndexOf(opener);
  if (inner === -1 || (inner > 0 && body.charCodeAt(inner - 1) === BACKTICK)) return false;
  // only prose before it: a tag or token there would have been read differently had the first
  // opener not been taken for a construct, and a fence makes the opener an example
  if (body.indexOf('<') !== inner || body.lastIndexOf('```', inner) !== -1) return false;
  const read = decodeBody(entry, body.slice(inner + opener.length), context, '');
  if (read === undefined) return false;
  const text = s.pendingText!;
  text.append(opener, 0, opener.length);
  text.append(body, 0, inner);
  trackMarkdown(s.md, opener, 0, opener.length);
  trackMarkdown(s.md, body, 0, inner);
  pushCalls(s, read, decoded.dialect, s.dialectOpenAt + opener.length + inner, body.slice(inner), close, false);
  return true;
}

/**
 * The construct closed with `close` (empty at the reply's end): its recognizers read the body.
 * Calls become tool uses carrying their dialect; otherwise, unless a later opener inside the body
 * starts the construct that closed, the whole construct is text.
 */
export function closeDialect(s: ScanState, close: string): void {
  const entry = s.dialectEntry!;
  const body = takeBody(s);
  const context = decodeContext(s);
  const read = decodeBody(entry, body, context, s.dialectHeader);
  if (read !== undefined) {
    pushCalls(s, read, decoded.dialect, s.dialectOpenAt, body, close, true);
    return;
  }
  if (close !== '' && innerConstruct(s, entry, body, close, context)) return;
  // a harmony call the protocol does not offer (gpt-oss's own `to=container.exec`): its template
  // tokens never show (dialectAsText drops the header), what it sent is text
  dialectAsText(s, s.dialectHeader !== '' ? body : body + close);
}

/**
 * A construct that runs to the reply's end (or whose close a server stripped), read there: true
 * when it held calls (then pushed, and the prose after them, if its recognizer allows some, is
 * the last text).
 */
export function decodeAtEnd(s: ScanState): boolean {
  const entry = s.dialectEntry!;
  const whole = s.dialectBody;
  const first = entry.recognizers[0]!;
  const end = first.callsEnd === undefined ? whole.length : first.callsEnd(whole);
  const calls = end === whole.length ? whole : whole.slice(0, end);
  const read = decodeBody(entry, calls, decodeContext(s), s.dialectHeader);
  if (read === undefined) return false;
  takeBody(s);
  pushCalls(s, read, decoded.dialect, s.dialectOpenAt, calls, '', true);
  if (end < whole.length) {
    s.builder.append(whole, end, whole.length);
    trackMarkdown(s.md, whole, end, whole.length);
  }
  return true;
}

/**
 * The reply ended inside a construct that never closed (or that ran to the end and read as no
 * call): its opener and header are text, and the
 * body is returned to be scanned again as text (a later call in it still counts); the opener is
 * spent, so it opens nothing in that second reading. Returns the body and its absolute offset.
 */
export function reopenAsText(s: ScanState): { body: string; at: number } {
  const entry = s.dialectEntry!;
  const at = s.dialectOpenAt + s.dialectOpenText.length + s.dialectHeader.length;
  const body = takeBody(s);
  const opener = s.dialectOpenText + s.dialectHeader;
  dialectAsText(s, '');
  (s.spentOpeners ??= new Set()).add(entry);
  // the backtick rule looks at the character before a '<': here, the opener's last one
  s.previousCode = opener.charCodeAt(opener.length - 1);
  return { body, at };
}
