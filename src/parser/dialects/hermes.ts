// Hermes / Qwen 2.5 / Qwen3: `<tool_call>{"name": "read_file", "arguments": {"path": "a"}}</tool_call>`.

import { callsFromJson, parseJson, parseJsonSequence, unfence } from './call-values.js';
import { plainCallObject } from './plain-json.js';
import { readPythonValue } from './python-literal.js';
import { isWhitespace } from '../text-builders.js';
import type { BlockRecognizer } from './recognizer.js';

/**
 * Hermes-style JSON inside `<tool_call>` (one object, or an array of them; a code fence inside is
 * allowed). A Python dict literal (`{'name': …, 'arguments': {…}}`, single quotes) is read too:
 * NousResearch's own Hermes function-calling examples show models writing it. Several objects one
 * after another are several calls; `args` stands for `arguments` too.
 */
export const hermes: BlockRecognizer = {
  dialect: 'hermes',
  opener: '<tool_call>',
  closes: ['</tool_call>'],
  decode(body, context) {
    // a JSON object or list, or a fence around one: any other start is another dialect's body
    const first = firstVisible(body);
    if (first !== 123 && first !== 91 && first !== 96) return undefined;
    const text = unfence(body);
    // the usual call, read in place; anything else (or a tool not offered) the general way
    const plain = plainCallObject(text);
    if (plain !== undefined && context.hasTool(plain.name)) return [plain];
    // several objects one after another: one call each (llama.cpp's Hermes tests show it)
    const value = parseJson(text) ?? readPythonValue(text.trim()) ?? parseJsonSequence(text);
    return value === undefined ? undefined : callsFromJson(value, context);
  },
};

/** The first character of `body` that is not whitespace (NaN when none). */
function firstVisible(body: string): number {
  let i = 0;
  while (i < body.length && isWhitespace(body.charCodeAt(i))) i++;
  return body.charCodeAt(i);
}
