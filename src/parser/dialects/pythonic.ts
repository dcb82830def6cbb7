// Pythonic tool calls (Llama 3.2 / Llama 4, the "pythonic" parsers of vLLM): a whole reply
// `[read_file(path="src/a.ts"), list_files(path="src")]`, or inside Llama 4's
// `<|python_start|>…<|python_end|>`.

import { allOffered, unfence } from './call-values.js';
import { readPythonCalls } from './python-literal.js';
import type { BlockRecognizer, DecodeContext, DecodedCall } from './recognizer.js';

/** The calls when the whole reply (or its one fence) is a pythonic call list of offered tools. */
export function wholeReplyPythonic(text: string, context: DecodeContext): DecodedCall[] | undefined {
  const body = unfence(text);
  if (!body.startsWith('[')) return undefined;
  const calls = readPythonCalls(body);
  return calls === undefined ? undefined : allOffered(calls, context);
}

/** Llama 4's python block tokens around a call list. */
export const pythonicBlock: BlockRecognizer = {
  dialect: 'pythonic',
  opener: '<|python_start|>',
  closes: ['<|python_end|>'],
  decode(body, context) {
    const calls = readPythonCalls(body.trim(), true);
    return calls === undefined ? undefined : allOffered(calls, context);
  },
};
