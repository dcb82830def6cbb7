// JSON read in place for the shapes models write most: an object of plain strings (no escapes, no
// nesting) and a Hermes call around one, `{"name": "…", "arguments": {…}}`. Each gives what
// JSON.parse and the general readers would, without the parsed objects, their keys arrays and the
// copies; anything else is undefined and goes the general way. One pass over the characters.

import type { DecodedCall } from './recognizer.js';

const QUOTE = 34,
  COMMA = 44,
  COLON = 58,
  CLOSE_BRACE = 125;

/** JSON's own whitespace (space, tab, line feed, carriage return): the only kind JSON.parse allows between tokens. */
function isJsonSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function skipSpace(text: string, i: number, to: number): number {
  while (i < to && isJsonSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The index of the quote that ends the JSON string opened at `open`, or -1 when it holds an escape or a control character (or never ends before `to`). */
function plainStringEnd(text: string, open: number, to: number): number {
  for (let i = open + 1; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i;
    if (c === 92 || c < 32) return -1;
  }
  return -1;
}

/**
 * Reads the object of plain strings whose `{` is `text[open]` into `out`: the index after its `}`,
 * or -1 when it is anything else (a number, a nested value, an escape, malformed).
 */
function readPlainObject(text: string, open: number, to: number, out: Record<string, string>): number {
  let i = skipSpace(text, open + 1, to);
  if (text.charCodeAt(i) === CLOSE_BRACE) return i + 1;
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return -1;
    const keyEnd = plainStringEnd(text, i, to);
    if (keyEnd === -1) return -1;
    const key = text.slice(i + 1, keyEnd);
    i = skipSpace(text, keyEnd + 1, to);
    if (text.charCodeAt(i) !== COLON) return -1;
    i = skipSpace(text, i + 1, to);
    if (text.charCodeAt(i) !== QUOTE) return -1;
    const valueEnd = plainStringEnd(text, i, to);
    if (valueEnd === -1) return -1;
    // the assignment paramsFromArguments makes (a `__proto__` key is dropped alike)
    out[key] = text.slice(i + 1, valueEnd);
    i = skipSpace(text, valueEnd + 1, to);
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACE) return i + 1;
    if (c !== COMMA) return -1;
    i = skipSpace(text, i + 1, to);
  }
}

/**
 * The common arguments object, `{"k": "v", …}` with only plain strings, read in place into the
 * parameters. `text[from]` is `{`, `text[to - 1]` is `}`.
 */
export function plainStringObject(text: string, from: number, to: number): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  return readPlainObject(text, from, to, out) === to ? out : undefined;
}

/** The keys that hold a call's arguments, as the general reader takes them (callFromJsonObject). */
const ARGUMENT_KEYS = new Set(['arguments', 'parameters', 'args']);

/**
 * `{"name": "…", "arguments": {…}}` (or `parameters` / `args`, in either order) with a plain name
 * and plain-string arguments, all of `text` but surrounding whitespace: the call, whether or not the
 * protocol offers it. Undefined for any other JSON (a `function` wrapper, a third key, a nested
 * value), which goes the general way.
 */
export function plainCallObject(text: string): DecodedCall | undefined {
  const to = text.length;
  let i = skipSpace(text, 0, to);
  if (text.charCodeAt(i) !== 123) return undefined;
  let name: string | undefined;
  let params: Record<string, string> | undefined;
  i = skipSpace(text, i + 1, to);
  for (let k = 0; k < 2; k++) {
    if (text.charCodeAt(i) !== QUOTE) return undefined;
    const keyEnd = plainStringEnd(text, i, to);
    if (keyEnd === -1) return undefined;
    const key = text.slice(i + 1, keyEnd);
    i = skipSpace(text, keyEnd + 1, to);
    if (text.charCodeAt(i) !== COLON) return undefined;
    i = skipSpace(text, i + 1, to);
    if (key === 'name' && name === undefined) {
      if (text.charCodeAt(i) !== QUOTE) return undefined;
      const end = plainStringEnd(text, i, to);
      if (end === -1) return undefined;
      name = text.slice(i + 1, end);
      i = end + 1;
    } else if (params === undefined && ARGUMENT_KEYS.has(key)) {
      if (text.charCodeAt(i) !== 123) return undefined;
      params = {};
      i = readPlainObject(text, i, to, params);
      if (i === -1) return undefined;
    } else return undefined;
    i = skipSpace(text, i, to);
    if (text.charCodeAt(i) !== (k === 0 ? COMMA : CLOSE_BRACE)) return undefined;
    i = skipSpace(text, i + 1, to);
  }
  return i === to && name !== undefined && params !== undefined ? { name, params } : undefined;
}
