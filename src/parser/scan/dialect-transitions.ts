// The moves of another dialect's construct: it opens (the text before it stays open), and at its
// close it becomes tool uses (the text before it completes) or, when no recognizer reads it,
// goes back into the text exactly as written.

import type { OpenerEntry } from '../dialects/registry.js';
import type { DecodeContext } from '../dialects/recognizer.js';
import { createTrimmedBuilder } from '../text-builders.js';
import { closeText } from './block-transitions.js';
import { MODE_DIALECT, MODE_TEXT, type ScanState } from './scan-state.js';

/** A construct's opener `openText` at absolute offset `offset`. */
export function openDialect(s: ScanState, entry: OpenerEntry, offset: number, openText: string): void {
  s.pendingText = s.builder;
  s.builder = createTrimmedBuilder();
  s.dialectEntry = entry;
  s.dialectOpenAt = offset;
  s.dialectOpenText = openText;
  s.dialectHeader = '';
  s.dialectHeaderPending = entry.headerEnd !== undefined;
  s.dialectBody = [];
  s.dialectBodyLength = 0;
  s.mode = MODE_DIALECT;
}

export function appendBody(s: ScanState, input: string, from: number, to: number): void {
  if (to <= from) return;
  s.dialectBody.push(input.slice(from, to));
  s.dialectBodyLength += to - from;
}

export function takeBody(s: ScanState): string {
  const body = s.dialectBody.length === 1 ? s.dialectBody[0]! : s.dialectBody.join('');
  s.dialectBody = [];
  s.dialectBodyLength = 0;
  return body;
}

function decodeContext(s: ScanState): DecodeContext {
  const tools = s.protocol.tools;
  return {
    hasTool: (name) => tools.has(name),
    isRaw: (tool, param) => tools.get(tool)?.params.get(param) === true,
  };
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
  const opener = s.dialectOpenText + s.dialectHeader;
  text.append(opener, 0, opener.length);
  text.append(rest, 0, rest.length);
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
 * The construct closed with `close` (empty at the reply's end): its recognizers read the body.
 * Calls become tool uses carrying their dialect; otherwise the whole construct is text.
 */
export function closeDialect(s: ScanState, close: string): void {
  const entry = s.dialectEntry!;
  const body = takeBody(s);
  const context = decodeContext(s);
  for (const recognizer of entry.recognizers) {
    const calls = recognizer.decode(body, context, s.dialectHeader);
    if (calls === undefined) continue;
    const at = s.dialectOpenAt;
    closePendingText(s);
    calls.forEach((call, i) => {
      s.done.push({
        type: 'tool_use',
        name: call.name,
        params: call.params,
        partial: false,
        call_id: i === 0 ? `${s.idPrefix}_${at}` : `${s.idPrefix}_${at}_${i}`,
        dialect: recognizer.dialect,
      });
    });
    return;
  }
  dialectAsText(s, body + close);
}
