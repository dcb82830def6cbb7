// Llama 3.1 / 3.2 / 3.3: `<|python_tag|>{"name": "read_file", "parameters": {"path": "a"}}`, several
// separated by `;`, ending the message (`<|eom_id|>`, `<|eot_id|>` or the reply's end). Also the
// built-in form `<|python_tag|>name.call(query="…")`.

import { allOffered, callsFromJson, paramsFromArguments, parseJson } from './call-values.js';
import { readPythonCalls } from './python-literal.js';
import type { BlockRecognizer, DecodeContext, DecodedCall } from './recognizer.js';

function jsonCalls(body: string, context: DecodeContext): DecodedCall[] | undefined {
  const whole = parseJson(body);
  if (whole !== undefined) return callsFromJson(whole, context);
  // `{…}; {…}`: split only where a parse succeeds (a `;` inside a string does not split)
  const calls: DecodedCall[] = [];
  let start = 0;
  let at = body.indexOf(';');
  while (at !== -1) {
    const value = parseJson(body.slice(start, at));
    if (value !== undefined) {
      const call = callsFromJson(value, context);
      if (call === undefined) return undefined;
      calls.push(...call);
      start = at + 1;
    }
    at = body.indexOf(';', at + 1);
  }
  const last = parseJson(body.slice(start));
  if (last === undefined || calls.length === 0) return undefined;
  const tail = callsFromJson(last, context);
  return tail === undefined ? undefined : [...calls, ...tail];
}

/** `<|python_tag|>` and the calls after it. */
export const llama: BlockRecognizer = {
  dialect: 'llama',
  opener: '<|python_tag|>',
  closes: ['<|eom_id|>', '<|eot_id|>'],
  endsWithReply: true,
  decode(body, context) {
    const json = jsonCalls(body, context);
    if (json !== undefined) return json;
    const py = readPythonCalls(body.trim(), true);
    if (py === undefined) return undefined;
    // `brave_search.call(query=…)`: the tool is the part before `.call`
    return allOffered(
      py.map((c) => ({ name: c.name.endsWith('.call') ? c.name.slice(0, -5) : c.name, params: c.params })),
      context,
    );
  },
};

/**
 * Llama 3.1's custom tool format (also Functionary's): `<function=NAME>{"arg": 1}</function>`, a
 * JSON body where Qwen3-Coder writes `<parameter=…>` tags. The body starts after `<function=`.
 */
export const llamaFunctionTag: BlockRecognizer = {
  dialect: 'llama',
  opener: '<function=',
  closes: ['</function>'],
  decode(body, context) {
    const nameEnd = body.indexOf('>');
    if (nameEnd === -1) return undefined;
    const name = body.slice(0, nameEnd).trim();
    const value = parseJson(body.slice(nameEnd + 1));
    const params = value === undefined ? undefined : paramsFromArguments(value);
    return params === undefined ? undefined : allOffered([{ name, params }], context);
  },
};
