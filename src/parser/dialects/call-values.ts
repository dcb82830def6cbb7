// Shared by the recognizers: a call's arguments as the string parameters a tool use carries.

import type { DecodeContext, DecodedCall } from './recognizer.js';
import { isWhitespace } from '../text-builders.js';
import { plainStringObject } from './plain-json.js';

/** A JSON value as a parameter string: strings as they are, anything else JSON-encoded. */
export function paramString(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Strict JSON.parse of `text` (trimmed); undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  return parseJsonIn(text, 0, text.length);
}

/** {@link parseJson} of `text.slice(from, to)`, looked at in place first: a body that is no JSON costs no slice. */
export function parseJsonIn(text: string, from: number, to: number): unknown {
  while (from < to && isWhitespace(text.charCodeAt(from))) from++;
  while (to > from && isWhitespace(text.charCodeAt(to - 1))) to--;
  if (from === to || !mayBeJson(text, from, to)) return undefined;
  try {
    return JSON.parse(from === 0 && to === text.length ? text : text.slice(from, to));
  } catch {
    return undefined;
  }
}

/** Whether `text[from, to)` is only whitespace (what `.trim()` removes), read in place. */
export function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isWhitespace(text.charCodeAt(i))) return false;
  return true;
}

/** `text.slice(from, to).trim()`, cutting once. */
export function trimmedSlice(text: string, from: number, to: number): string {
  while (from < to && isWhitespace(text.charCodeAt(from))) from++;
  while (to > from && isWhitespace(text.charCodeAt(to - 1))) to--;
  return text.slice(from, to);
}

/**
 * A cheap look at the ends first: most bodies tried as JSON are another dialect's (a GLM name, a
 * `<function=` tag) or cut off, and a thrown SyntaxError costs far more than the parse.
 */
function mayBeJson(t: string, from: number, to: number): boolean {
  const first = t.charCodeAt(from);
  const last = t.charCodeAt(to - 1);
  if (first === 123) return last === 125; // {…}
  if (first === 91) return last === 93; // […]
  if (first === 34) return last === 34 && to - from > 1; // "…"
  // a number or a literal (true, false, null)
  return (first >= 48 && first <= 57) || first === 45 || first === 116 || first === 102 || first === 110;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const OPEN_BRACE = 123,
  CLOSE_BRACE = 125;

/**
 * `paramsFromArguments(parseJsonIn(text, from, to))`: the parameters of the JSON arguments in
 * `text[from, to)`. An object of plain strings, the usual case, is read in place.
 */
export function paramsFromJsonIn(text: string, from: number, to: number): Record<string, string> | undefined {
  while (from < to && isWhitespace(text.charCodeAt(from))) from++;
  while (to > from && isWhitespace(text.charCodeAt(to - 1))) to--;
  if (to - from >= 2 && text.charCodeAt(from) === OPEN_BRACE && text.charCodeAt(to - 1) === CLOSE_BRACE) {
    const plain = plainStringObject(text, from, to);
    if (plain !== undefined) return plain;
  }
  return paramsFromArguments(parseJsonIn(text, from, to));
}

/** `paramsFromArguments(parseJson(text))` (see {@link paramsFromJsonIn}). */
export function paramsFromJson(text: string): Record<string, string> | undefined {
  return paramsFromJsonIn(text, 0, text.length);
}

/** Parameters from a JSON object of arguments (or a JSON string holding one); undefined when it is neither. */
export function paramsFromArguments(args: unknown): Record<string, string> | undefined {
  const value = typeof args === 'string' ? parseJson(args) : args;
  if (!isPlainObject(value)) return undefined;
  const out: Record<string, string> = {};
  for (const key of Object.keys(value)) out[key] = paramString(value[key]);
  return out;
}

/**
 * A call from `{"name": …, "arguments": {…}}` (also `parameters` or `args`, or OpenAI's
 * `{"function": {"name", "arguments"}}`), when the tool is one the protocol offers.
 */
export function callFromJsonObject(value: unknown, context: DecodeContext): DecodedCall | undefined {
  if (!isPlainObject(value)) return undefined;
  const fn = isPlainObject(value.function) ? value.function : value;
  const name = fn.name;
  if (typeof name !== 'string' || !context.hasTool(name)) return undefined;
  // `args` too: Hermes fine-tunes write it (vLLM's and llama.cpp's Hermes parsers accept it)
  const args =
    'arguments' in fn ? fn.arguments : 'parameters' in fn ? fn.parameters : 'args' in fn ? fn.args : undefined;
  if (args === undefined) return undefined;
  const params = paramsFromArguments(args);
  return params === undefined ? undefined : { name, params };
}

/** Calls from one JSON object or an array of them; undefined unless every entry is a call. */
export function callsFromJson(value: unknown, context: DecodeContext): DecodedCall[] | undefined {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) return undefined;
  const calls: DecodedCall[] = [];
  for (const entry of list) {
    const call = callFromJsonObject(entry, context);
    if (call === undefined) return undefined;
    calls.push(call);
  }
  return calls;
}

/** The body of one Markdown code fence that is all of `text` (```json … ```), or `text` itself. */
export function unfence(text: string): string {
  const t = text.trim();
  if (!t.startsWith('```') || !t.endsWith('```') || t.length < 6) return t;
  const lineEnd = t.indexOf('\n');
  if (lineEnd === -1) return t;
  const body = t.slice(lineEnd + 1, t.length - 3);
  // a second fence inside would make this two blocks, not one
  return body.includes('```') ? t : body;
}

/**
 * {@link paramsFromJsonIn} of {@link unfence}`(text.slice(from, to))`, read in place: the fence's
 * bounds are found without cutting the text first.
 */
export function paramsFromFencedJsonIn(text: string, from: number, to: number): Record<string, string> | undefined {
  while (from < to && isWhitespace(text.charCodeAt(from))) from++;
  while (to > from && isWhitespace(text.charCodeAt(to - 1))) to--;
  if (to - from < 6 || !text.startsWith('```', from) || !text.startsWith('```', to - 3))
    return paramsFromJsonIn(text, from, to);
  // the first line break inside the span, looked for there only (indexOf would run on past `to`)
  let lineEnd = from;
  while (lineEnd < to && text.charCodeAt(lineEnd) !== LINE_FEED) lineEnd++;
  if (lineEnd === to) return paramsFromJsonIn(text, from, to);
  const a = Math.min(lineEnd + 1, to - 3);
  const fence = text.indexOf('```', a);
  // a second fence inside would make this two blocks, not one
  return fence !== -1 && fence + 3 <= to - 3 ? paramsFromJsonIn(text, from, to) : paramsFromJsonIn(text, a, to - 3);
}

const LINE_FEED = 10;

const LEADING_BREAK = /^(?:\r\n|\r|\n)/;
const TRAILING_BREAK = /(?:\r\n|\r|\n)$/;

const LF = 10,
  CR = 13;

/**
 * An XML-style value `text[from, to)` (Qwen3-Coder, GLM, Anthropic): raw parameters lose one
 * leading and one trailing line break, others are trimmed. The usual value (at most one line
 * break at each edge, then no whitespace) comes out the same either way: it is cut once, with no
 * lookup of the parameter and no pattern.
 */
export function xmlValue(
  context: DecodeContext,
  tool: string,
  param: string,
  text: string,
  from: number,
  to: number,
): string {
  let a = from;
  let b = to;
  if (a < b && (text.charCodeAt(a) === LF || text.charCodeAt(a) === CR)) a++;
  if (b > a && (text.charCodeAt(b - 1) === LF || text.charCodeAt(b - 1) === CR)) b--;
  if (b > a && !isWhitespace(text.charCodeAt(a)) && !isWhitespace(text.charCodeAt(b - 1))) return text.slice(a, b);
  const value = text.slice(from, to);
  if (context.isRaw(tool, param)) return value.replace(LEADING_BREAK, '').replace(TRAILING_BREAK, '');
  return value.trim();
}

/** Calls whose every name is offered, or undefined (a block naming an unknown tool is text). */
export function allOffered(calls: DecodedCall[], context: DecodeContext): DecodedCall[] | undefined {
  if (calls.length === 0) return undefined;
  for (const call of calls) if (!context.hasTool(call.name)) return undefined;
  return calls;
}

const QUOTE = 34,
  BACKSLASH = 92;

/**
 * Where the JSON object or array that starts at `from` (after whitespace) ends: the index after
 * its closing bracket, or -1 when none starts there or it never closes. Strings are skipped with
 * their escapes, so brackets inside them do not count. One pass over the value.
 */
export function jsonValueEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
  const first = text.charCodeAt(i);
  if (first !== 123 && first !== 91) return -1;
  let depth = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++;
    } else if (c === 123 || c === 91) depth++;
    else if ((c === 125 || c === 93) && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * Several JSON objects one after another (`{…}\n{…}`, as a model writes several calls in one
 * `<tool_call>`): their values, or undefined unless the whole text is such a sequence.
 */
export function parseJsonSequence(text: string): unknown[] | undefined {
  const values: unknown[] = [];
  let at = 0;
  for (;;) {
    const end = jsonValueEnd(text, at);
    if (end === -1) return undefined;
    const value = parseJson(text.slice(at, end));
    if (value === undefined) return undefined;
    values.push(value);
    const rest = text.slice(end);
    const gap = /^[\s,;]*/.exec(rest)![0].length;
    if (gap === rest.length) return values.length > 1 ? values : undefined;
    at = end + gap;
  }
}
