// Hermes / Qwen 2.5 / Qwen3: `<tool_call>{"name": "read_file", "arguments": {"path": "a"}}</tool_call>`.

import { callsFromJson, parseJson, unfence } from './call-values.js';
import { readPythonValue } from './python-literal.js';
import type { BlockRecognizer } from './recognizer.js';

/**
 * Hermes-style JSON inside `<tool_call>` (one object, or an array of them; a code fence inside is
 * allowed). A Python dict literal (`{'name': …, 'arguments': {…}}`, single quotes) is read too:
 * NousResearch's own Hermes function-calling examples show models writing it.
 */
export const hermes: BlockRecognizer = {
  dialect: 'hermes',
  opener: '<tool_call>',
  closes: ['</tool_call>'],
  decode(body, context) {
    const text = unfence(body);
    const value = parseJson(text) ?? readPythonValue(text.trim());
    return value === undefined ? undefined : callsFromJson(value, context);
  },
};
