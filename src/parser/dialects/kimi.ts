// Kimi K2: `<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{…}<|tool_call_end|>…<|tool_calls_section_end|>`.

import { allOffered, isBlank, paramsFromJsonIn } from './call-values.js';
import type { BlockRecognizer, DecodeContext, DecodedCall } from './recognizer.js';

const CALL_BEGIN = '<|tool_call_begin|>';
const ARGS_BEGIN = '<|tool_call_argument_begin|>';
const CALL_END = '<|tool_call_end|>';

/** `functions.read_file:0` → `read_file` (the id's prefix and index are Kimi's own numbering). */
function nameOfId(id: string): string {
  let name = id.trim();
  const colon = name.lastIndexOf(':');
  if (colon !== -1 && allDigits(name, colon + 1)) name = name.slice(0, colon);
  return name.startsWith('functions.') ? name.slice('functions.'.length) : name;
}

/** Whether `text` from `from` on is one or more ASCII digits. */
function allDigits(text: string, from: number): boolean {
  if (from >= text.length) return false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** One call `id ARGS_BEGIN json` in `body[from, to)`, or undefined. */
function decodeCall(body: string, from: number, to: number): DecodedCall | undefined {
  const args = body.indexOf(ARGS_BEGIN, from);
  if (args === -1 || args + ARGS_BEGIN.length > to) return undefined;
  const params = paramsFromJsonIn(body, args + ARGS_BEGIN.length, to);
  return params === undefined ? undefined : { name: nameOfId(body.slice(from, args)), params };
}

/**
 * Calls `CALL_BEGIN id ARGS_BEGIN json CALL_END`, repeated; `single`: the body is one call without
 * its CALL_BEGIN. Read in place, one call between one CALL_BEGIN and the next.
 */
function decodeCalls(body: string, context: DecodeContext, single: boolean): DecodedCall[] | undefined {
  const calls: DecodedCall[] = [];
  let start = 0;
  if (!single) {
    const first = body.indexOf(CALL_BEGIN);
    if (first === -1 || !isBlank(body, 0, first)) return undefined;
    start = first + CALL_BEGIN.length;
  }
  for (;;) {
    const next = single ? -1 : body.indexOf(CALL_BEGIN, start);
    const stop = next === -1 ? body.length : next;
    const endAt = stop - CALL_END.length;
    const last = endAt < start ? -1 : body.lastIndexOf(CALL_END, endAt);
    const end = last < start ? -1 : last;
    // the last call's end may be missing with the section's (a server stripped them): its JSON decides
    if (end === -1 ? next !== -1 : !isBlank(body, end + CALL_END.length, stop)) return undefined;
    const call = decodeCall(body, start, end === -1 ? stop : end);
    if (call === undefined) return undefined;
    calls.push(call);
    if (next === -1) return allOffered(calls, context);
    start = next + CALL_BEGIN.length;
  }
}

/** A Kimi tool-call section (one or several calls). */
export const kimiSection: BlockRecognizer = {
  dialect: 'kimi',
  opener: '<|tool_calls_section_begin|>',
  closes: ['<|tool_calls_section_end|>'],
  decode: (body, context) => decodeCalls(body, context, false),
};

/** One Kimi call written without its section tokens. */
export const kimiCall: BlockRecognizer = {
  dialect: 'kimi',
  opener: CALL_BEGIN,
  closes: [CALL_END],
  decode: (body, context) => decodeCalls(body, context, true),
};
