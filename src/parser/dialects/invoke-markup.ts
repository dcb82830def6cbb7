// Anthropic's invoke markup: `<invoke name="N"><parameter name="P">v</parameter></invoke>`, one or
// several, and DeepSeek's DSML, the same markup with a mark in every tag (`<｜DSML｜invoke …>`). The
// patterns are made for each mark, so a DSML body is read as it is (dropping the mark first copied
// the two-byte body twice). Patterns, not a hand-written reader: one was tried and cost 1.5× the
// patterns on Anthropic's bodies (their literal prefixes are searched natively).

import { allOffered, isBlank, paramsFromJsonIn, xmlValue } from './call-values.js';
import type { DecodeContext, DecodedCall } from './recognizer.js';

/** The tags of one invoke markup, as the patterns that find them. */
export interface InvokeTags {
  readonly invoke: RegExp;
  readonly parameter: RegExp;
  readonly nextInvoke: RegExp;
  readonly nextParameter: RegExp;
  readonly invokeClose: string;
  readonly parameterClose: string;
}

const SPECIAL = /[.*+?^${}()|[\]\\]/g;

/** The tags with `mark` after each `<` or `</` (empty: Anthropic's own). */
export function invokeTags(mark: string): InvokeTags {
  const m = mark.replace(SPECIAL, '\\$&');
  return {
    invoke: new RegExp(`<${m}invoke\\s+name\\s*=\\s*"([^"]+)"\\s*>`, 'g'),
    // DeepSeek's DSML adds `string="true"` after the name
    parameter: new RegExp(`<${m}parameter\\s+name\\s*=\\s*"([^"]+)"(?:\\s+[\\w-]+\\s*=\\s*"[^"]*")*\\s*>`, 'g'),
    nextInvoke: new RegExp(`<${m}invoke\\s+name\\s*=`, 'g'),
    nextParameter: new RegExp(`<${m}parameter\\s+name\\s*=`, 'g'),
    invokeClose: `</${mark}invoke>`,
    parameterClose: `</${mark}parameter>`,
  };
}

const ANTHROPIC_TAGS = invokeTags('');

/**
 * Where `re` (global) next matches in `text` at or after `from` (the text's end when it does not):
 * searched in place from `from`, no slice of the rest per parameter.
 */
function nextMatch(re: RegExp, text: string, from: number): number {
  re.lastIndex = from;
  const m = re.exec(text);
  return m === null ? text.length : m.index;
}

/** The parameters in an invoke's inner text, or undefined when anything else lies between them. */
function readParameters(
  inner: string,
  tool: string,
  tags: InvokeTags,
  context: DecodeContext,
): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  const { parameter, nextParameter, parameterClose } = tags;
  parameter.lastIndex = 0;
  let last = 0;
  for (let p = parameter.exec(inner); p !== null; p = parameter.exec(inner)) {
    if (!isBlank(inner, last, p.index)) return undefined;
    const vStart = p.index + p[0].length;
    const limit = nextMatch(nextParameter, inner, vStart);
    const vEnd = inner.lastIndexOf(parameterClose, limit - parameterClose.length);
    if (vEnd < vStart) return undefined;
    params[p[1]!] = xmlValue(context, tool, p[1]!, inner, vStart, vEnd);
    last = vEnd + parameterClose.length;
    parameter.lastIndex = last;
  }
  if (isBlank(inner, last, inner.length)) return params;
  // no parameter tags but one JSON object of arguments (DSML's second form)
  return last === 0 ? paramsFromJsonIn(inner, 0, inner.length) : undefined;
}

/**
 * The calls of a body of invokes (`<function_calls>`'s, MiniMax's, DSML's with `tags`), or undefined
 * when anything but blanks lies around them or a name is not offered.
 */
export function decodeInvokesWith(body: string, context: DecodeContext, tags: InvokeTags): DecodedCall[] | undefined {
  const calls: DecodedCall[] = [];
  const { invoke, nextInvoke, invokeClose } = tags;
  invoke.lastIndex = 0;
  let last = 0;
  for (let m = invoke.exec(body); m !== null; m = invoke.exec(body)) {
    if (!isBlank(body, last, m.index)) return undefined;
    const name = m[1]!;
    const start = m.index + m[0].length;
    const end = body.lastIndexOf(invokeClose, nextMatch(nextInvoke, body, start));
    if (end < start) return undefined;
    const params = readParameters(body.slice(start, end), name, tags, context);
    if (params === undefined) return undefined;
    calls.push({ name, params });
    last = end + invokeClose.length;
    invoke.lastIndex = last;
  }
  if (!isBlank(body, last, body.length)) return undefined;
  return allOffered(calls, context);
}

/** {@link decodeInvokesWith} Anthropic's own tags (a recognizer's decode: its third argument, the header, is not read). */
export function decodeInvokes(body: string, context: DecodeContext): DecodedCall[] | undefined {
  return decodeInvokesWith(body, context, ANTHROPIC_TAGS);
}
