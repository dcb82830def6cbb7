// IBM Granite 3: `<|tool_call|>[{"name": "read_file", "arguments": {"path": "a"}}]` to the reply's end.

import { callsFromJson, jsonValueEnd, parseJson } from './call-values.js';
import type { BlockRecognizer } from './recognizer.js';

/** `<|tool_call|>` and a JSON list of calls. */
export const granite: BlockRecognizer = {
  dialect: 'granite',
  opener: '<|tool_call|>',
  closes: ['<|end_of_text|>'],
  endsWithReply: true,
  // the list may be followed by prose (vLLM's surrounding-text case)
  callsEnd(body) {
    const end = jsonValueEnd(body, 0);
    return end === -1 ? body.length : end;
  },
  decode(body, context) {
    const value = parseJson(body);
    return value === undefined ? undefined : callsFromJson(value, context);
  },
};
