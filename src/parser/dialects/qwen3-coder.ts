// Qwen3-Coder's XML: `<tool_call><function=NAME><parameter=P>value</parameter></function></tool_call>`.

import { allOffered, isBlank, trimmedSlice, xmlValue } from './call-values.js';
import { isWhitespace } from '../text-builders.js';
import type { BlockRecognizer, DecodeContext, DecodedCall } from './recognizer.js';

const FUNCTION_OPEN = '<function=';
const FUNCTION_CLOSE = '</function>';
const PARAM_OPEN = '<parameter=';
const PARAM_CLOSE = '</parameter>';

/** Whether `text[from, limit)` starts with `prefix` (it fits before `limit`). */
function startsWithin(text: string, prefix: string, from: number, limit: number): boolean {
  return from + prefix.length <= limit && text.startsWith(prefix, from);
}

/** Where a value that started at `from` ends: the first `</parameter>` followed (after whitespace) by another parameter or the function's end. */
function valueEnd(body: string, from: number, limit: number): number {
  let at = body.indexOf(PARAM_CLOSE, from);
  while (at !== -1 && at < limit) {
    let next = at + PARAM_CLOSE.length;
    while (next < limit && isWhitespace(body.charCodeAt(next))) next++;
    if (next >= limit || startsWithin(body, PARAM_OPEN, next, limit) || startsWithin(body, FUNCTION_CLOSE, next, limit))
      return at;
    at = body.indexOf(PARAM_CLOSE, at + 1);
  }
  return -1;
}

/** Whether `body[from, to)` is only whitespace (to -1: the body's end). */
function onlySpace(body: string, from: number, to: number): boolean {
  return isBlank(body, from, to === -1 ? body.length : to);
}

function decodeFunctions(body: string, context: DecodeContext): DecodedCall[] | undefined {
  const calls: DecodedCall[] = [];
  let i = body.indexOf(FUNCTION_OPEN);
  if (i === -1 || !isBlank(body, 0, i)) return undefined;
  while (i !== -1) {
    const nameEnd = body.indexOf('>', i);
    if (nameEnd === -1) return undefined;
    const name = trimmedSlice(body, i + FUNCTION_OPEN.length, nameEnd);
    const end = body.lastIndexOf(FUNCTION_CLOSE);
    if (end < nameEnd) return undefined;
    // the function ends at the first </function> that no parameter value holds
    const params: Record<string, string> = {};
    let p = body.indexOf(PARAM_OPEN, nameEnd);
    let fnEnd = body.indexOf(FUNCTION_CLOSE, nameEnd);
    // only parameters inside: a body it does not understand (JSON, prose) is never a call with its arguments dropped
    if (!onlySpace(body, nameEnd + 1, p !== -1 && p < fnEnd ? p : fnEnd)) return undefined;
    while (p !== -1 && p < fnEnd) {
      const pNameEnd = body.indexOf('>', p);
      if (pNameEnd === -1) return undefined;
      const param = trimmedSlice(body, p + PARAM_OPEN.length, pNameEnd);
      const vEnd = valueEnd(body, pNameEnd + 1, end);
      if (vEnd === -1) return undefined;
      params[param] = xmlValue(context, name, param, body, pNameEnd + 1, vEnd);
      const after = vEnd + PARAM_CLOSE.length;
      fnEnd = body.indexOf(FUNCTION_CLOSE, after);
      p = body.indexOf(PARAM_OPEN, after);
      if (!onlySpace(body, after, p !== -1 && p < fnEnd ? p : fnEnd)) return undefined;
    }
    if (fnEnd === -1) return undefined;
    calls.push({ name, params });
    i = body.indexOf(FUNCTION_OPEN, fnEnd);
  }
  return allOffered(calls, context);
}

/** Qwen3-Coder's `<function=…>` calls inside `<tool_call>`. */
export const qwen3Coder: BlockRecognizer = {
  dialect: 'qwen3-coder',
  opener: '<tool_call>',
  closes: ['</tool_call>'],
  decode: (body, context) => decodeFunctions(body, context),
};

/** The opener of a `<function=…>` call written without its `<tool_call>` (mlx-lm PR 1616 shows Qwen3-Coder doing so). */
export const BARE_FUNCTION_OPENER = '<function=';

/** Qwen3-Coder's `<function=NAME>…</function>` alone; the body starts after `<function=`. */
export const qwen3CoderBare: BlockRecognizer = {
  dialect: 'qwen3-coder',
  opener: BARE_FUNCTION_OPENER,
  closes: [FUNCTION_CLOSE],
  decode: (body, context) => decodeFunctions(`${FUNCTION_OPEN}${body}${FUNCTION_CLOSE}`, context),
};
