// A whole reply that is one tool call as JSON (`{"name": "read_file", "arguments": {"path": "a"}}`,
// or `parameters`, or a list of them), bare or as the one code fence of the reply: what small
// models behind Ollama and Llama 3's JSON tool prompt write.

import { callsFromJson, parseJson, unfence } from './call-values.js';
import type { DecodeContext, DecodedCall } from './recognizer.js';

/** The calls when all of `text` is JSON calls of offered tools. */
export function wholeReplyJson(text: string, context: DecodeContext): DecodedCall[] | undefined {
  const body = unfence(text);
  const c = body.charCodeAt(0);
  if (c !== 123 && c !== 91) return undefined; // { or [
  const value = parseJson(body);
  return value === undefined ? undefined : callsFromJson(value, context);
}
