// Anthropic's invoke markup, read in place: `<invoke name="N"><parameter name="P">v</parameter></invoke>`,
// one or several, with a mark in every tag for DeepSeek's DSML (`<｜DSML｜invoke …>`). The tags are
// read by hand at the position they must start at: no pattern, no slice of an invoke's inner text;
// the values are the only strings cut (a pattern with captures cost a match array and a name per
// tag, and the DSML body was copied twice to drop its mark).

import { allOffered, isBlank, paramsFromJsonIn, xmlValue } from './call-values.js';
import type { DecodeContext, DecodedCall } from './recognizer.js';
import { isWhitespace } from '../text-builders.js';

/** The four tags of one invoke markup. */
export interface InvokeTags {
  readonly invoke: string;
  readonly invokeClose: string;
  readonly parameter: string;
  readonly parameterClose: string;
}

/** The tags with `mark` after each `<` or `</` (empty: Anthropic's own). */
export function invokeTags(mark: string): InvokeTags {
  return {
    invoke: `<${mark}invoke`,
    invokeClose: `</${mark}invoke>`,
    parameter: `<${mark}parameter`,
    parameterClose: `</${mark}parameter>`,
  };
}

const ANTHROPIC_TAGS = invokeTags('');

const QUOTE = 34,
  EQUALS = 61,
  GREATER = 62,
  HYPHEN = 45,
  UNDERSCORE = 95;

function skipSpace(text: string, at: number, to: number): number {
  while (at < to && isWhitespace(text.charCodeAt(at))) at++;
  return at;
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === UNDERSCORE || c === HYPHEN;
}

/** Past `tag\s+name\s*=` at `at` (where the name's value begins, after blanks), or -1. */
function pastNameEquals(text: string, at: number, to: number, tag: string): number {
  if (!text.startsWith(tag, at)) return -1;
  let i = at + tag.length;
  const spaced = skipSpace(text, i, to);
  if (spaced === i || !text.startsWith('name', spaced)) return -1;
  i = skipSpace(text, spaced + 4, to);
  if (text.charCodeAt(i) !== EQUALS) return -1;
  return skipSpace(text, i + 1, to);
}

/** Past `"…"` at `at`, or -1 (`nonEmpty`: at least one character between the quotes). */
function pastQuoted(text: string, at: number, to: number, nonEmpty: boolean): number {
  if (at >= to || text.charCodeAt(at) !== QUOTE) return -1;
  const close = text.indexOf('"', at + 1);
  if (close === -1 || close >= to || (nonEmpty && close === at + 1)) return -1;
  return close + 1;
}

/** Past the ` key="value"` attributes DSML adds after the name (`string="true"`), as many as there are. */
function pastAttributes(text: string, at: number, to: number): number {
  for (;;) {
    const key = skipSpace(text, at, to);
    if (key === at || !isWordChar(text.charCodeAt(key))) return at;
    let i = key;
    while (i < to && isWordChar(text.charCodeAt(i))) i++;
    i = skipSpace(text, i, to);
    if (text.charCodeAt(i) !== EQUALS) return at;
    const end = pastQuoted(text, skipSpace(text, i + 1, to), to, false);
    if (end === -1) return at;
    at = end;
  }
}

/** The name and end of a whole opening tag `tag name="N" …>` at `at`, or undefined. */
function readOpeningTag(
  text: string,
  at: number,
  to: number,
  tag: string,
  attributes: boolean,
): { name: string; end: number } | undefined {
  const quote = pastNameEquals(text, at, to, tag);
  if (quote === -1) return undefined;
  const afterName = pastQuoted(text, quote, to, true);
  if (afterName === -1) return undefined;
  const gt = skipSpace(text, attributes ? pastAttributes(text, afterName, to) : afterName, to);
  if (gt >= to || text.charCodeAt(gt) !== GREATER) return undefined;
  return { name: text.slice(quote + 1, afterName - 1), end: gt + 1 };
}

/** Where the next `tag name =` starts in `text[from, to)`, or `to`. */
function nextTagStart(text: string, from: number, to: number, tag: string): number {
  for (let at = text.indexOf(tag, from); at !== -1 && at < to; at = text.indexOf(tag, at + 1)) {
    if (pastNameEquals(text, at, to, tag) !== -1) return at;
  }
  return to;
}

/** The parameters of the invoke whose inner text is `body[from, to)`, or undefined. */
function readParameters(
  body: string,
  from: number,
  to: number,
  tool: string,
  tags: InvokeTags,
  context: DecodeContext,
): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  let last = from;
  for (;;) {
    const tag = readOpeningTag(body, skipSpace(body, last, to), to, tags.parameter, true);
    if (tag === undefined) break;
    const limit = nextTagStart(body, tag.end, to, tags.parameter);
    const valueEnd = body.lastIndexOf(tags.parameterClose, limit - tags.parameterClose.length);
    if (valueEnd < tag.end) return undefined;
    params[tag.name] = xmlValue(context, tool, tag.name, body, tag.end, valueEnd);
    last = valueEnd + tags.parameterClose.length;
  }
  if (isBlank(body, last, to)) return params;
  // no parameter tags but one JSON object of arguments (DSML's second form)
  return last === from ? paramsFromJsonIn(body, from, to) : undefined;
}

/**
 * The calls of a body of invokes (`<function_calls>`'s, MiniMax's, DSML's with `tags`), or undefined
 * when anything but blanks lies around them or a name is not offered.
 */
export function decodeInvokesWith(body: string, context: DecodeContext, tags: InvokeTags): DecodedCall[] | undefined {
  const calls: DecodedCall[] = [];
  const to = body.length;
  for (let at = skipSpace(body, 0, to); at < to; at = skipSpace(body, at, to)) {
    const tag = readOpeningTag(body, at, to, tags.invoke, false);
    if (tag === undefined) return undefined;
    const end = body.lastIndexOf(tags.invokeClose, nextTagStart(body, tag.end, to, tags.invoke));
    if (end < tag.end) return undefined;
    const params = readParameters(body, tag.end, end, tag.name, tags, context);
    if (params === undefined) return undefined;
    calls.push({ name: tag.name, params });
    at = end + tags.invokeClose.length;
  }
  return allOffered(calls, context);
}

/** {@link decodeInvokesWith} Anthropic's own tags (a recognizer's decode: its third argument, the header, is not read). */
export function decodeInvokes(body: string, context: DecodeContext): DecodedCall[] | undefined {
  return decodeInvokesWith(body, context, ANTHROPIC_TAGS);
}
