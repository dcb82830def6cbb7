// Anthropic-style calls written as text: `<function_calls><invoke name="N"><parameter name="P">v</parameter></invoke></function_calls>`.

import { allOffered, isBlank, paramsFromArguments, parseJson, xmlValue } from './call-values.js';
import type { BlockRecognizer, DecodeContext, DecodedCall } from './recognizer.js';

const INVOKE = /<invoke\s+name\s*=\s*"([^"]+)"\s*>/g;
// DeepSeek's DSML adds `string="true"` after the name
const PARAM = /<parameter\s+name\s*=\s*"([^"]+)"(?:\s+[\w-]+\s*=\s*"[^"]*")*\s*>/g;
const INVOKE_CLOSE = '</invoke>';
const PARAM_CLOSE = '</parameter>';

export function decodeInvokes(body: string, context: DecodeContext): DecodedCall[] | undefined {
  const calls: DecodedCall[] = [];
  INVOKE.lastIndex = 0;
  let last = 0;
  for (let m = INVOKE.exec(body); m !== null; m = INVOKE.exec(body)) {
    if (!isBlank(body, last, m.index)) return undefined;
    const name = m[1]!;
    const start = m.index + m[0].length;
    const end = body.lastIndexOf(INVOKE_CLOSE, nextInvoke(body, start));
    if (end < start) return undefined;
    const inner = body.slice(start, end);
    const params: Record<string, string> = {};
    PARAM.lastIndex = 0;
    let pLast = 0;
    for (let p = PARAM.exec(inner); p !== null; p = PARAM.exec(inner)) {
      if (!isBlank(inner, pLast, p.index)) return undefined;
      const vStart = p.index + p[0].length;
      const limit = nextMatch(NEXT_PARAM, inner, vStart);
      const vEnd = inner.lastIndexOf(PARAM_CLOSE, limit - PARAM_CLOSE.length);
      if (vEnd < vStart) return undefined;
      params[p[1]!] = xmlValue(context, name, p[1]!, inner, vStart, vEnd);
      pLast = vEnd + PARAM_CLOSE.length;
      PARAM.lastIndex = pLast;
    }
    if (!isBlank(inner, pLast, inner.length)) {
      // no parameter tags but one JSON object of arguments (DSML's second form)
      const json = pLast === 0 ? paramsFromArguments(parseJson(inner)) : undefined;
      if (json === undefined) return undefined;
      Object.assign(params, json);
    }
    calls.push({ name, params });
    last = end + INVOKE_CLOSE.length;
    INVOKE.lastIndex = last;
  }
  if (!isBlank(body, last, body.length)) return undefined;
  return allOffered(calls, context);
}

/** `<function_calls>` with one or several `<invoke>`. */
export const anthropic: BlockRecognizer = {
  dialect: 'anthropic',
  opener: '<function_calls>',
  closes: ['</function_calls>'],
  decode: decodeInvokes,
};

/** `<invoke>` inside `<tool_call>` (Kimi and GLM fine-tunes fall back to it; ik_llama.cpp's function_calls.md shows it). */
export const anthropicInToolCall: BlockRecognizer = {
  dialect: 'anthropic',
  opener: '<tool_call>',
  closes: ['</tool_call>'],
  decode: decodeInvokes,
};

const NEXT_INVOKE = /<invoke\s+name\s*=/g;
const NEXT_PARAM = /<parameter\s+name\s*=/g;

/**
 * Where `re` (global) next matches in `text` at or after `from` (the text's end when it does not):
 * searched in place from `from`, no slice of the rest per parameter.
 */
function nextMatch(re: RegExp, text: string, from: number): number {
  re.lastIndex = from;
  const m = re.exec(text);
  return m === null ? text.length : m.index;
}

/** Where the next `<invoke` after `from` starts (the body's end when none). */
function nextInvoke(body: string, from: number): number {
  return nextMatch(NEXT_INVOKE, body, from);
}

/** MiniMax M2: the same invoke markup inside `<minimax:tool_call>` (its chat template; vLLM's minimax_m2 parser). */
export const minimaxToolCall: BlockRecognizer = {
  dialect: 'anthropic',
  opener: '<minimax:tool_call>',
  closes: ['</minimax:tool_call>'],
  decode: decodeInvokes,
};
