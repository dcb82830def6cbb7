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

function bareCallLines(body: string, context: DecodeContext): DecodedCall[] | undefined {
  const calls: DecodedCall[] = [];
  for (const line of body.split('\n')) {
    const t = line.trim();
    if (t === '') continue;
    const read = readPythonCalls(t, true);
    if (read === undefined) return undefined;
    calls.push(...read);
  }
  return allOffered(calls, context);
}

/** OLMo 3: bare calls, one a line, inside `<function_calls>` (Ollama's and vLLM's olmo3 parsers). */
export const pythonicFunctionCalls: BlockRecognizer = {
  dialect: 'pythonic',
  opener: '<function_calls>',
  closes: ['</function_calls>'],
  decode: bareCallLines,
};

/** LFM2: a pythonic call list between `<|tool_call_start|>` and `<|tool_call_end|>`. */
export const lfm2Block: BlockRecognizer = {
  dialect: 'pythonic',
  opener: '<|tool_call_start|>',
  closes: ['<|tool_call_end|>'],
  decode: (body, context) => {
    const calls = readPythonCalls(body.trim(), true);
    return calls === undefined ? undefined : allOffered(calls, context);
  },
};
