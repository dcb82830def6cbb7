// GLM-4.5 / 4.6 / 5: `<tool_call>NAME<arg_key>k</arg_key><arg_value>v</arg_value>…</tool_call>`.

import { allOffered, isBlank, trimmedSlice, xmlValue } from './call-values.js';
import type { BlockRecognizer } from './recognizer.js';

const KEY_OPEN = '<arg_key>';
const KEY_CLOSE = '</arg_key>';
const VALUE_OPEN = '<arg_value>';
const VALUE_CLOSE = '</arg_value>';

/** GLM's key/value pairs after the tool name inside `<tool_call>`. */
export const glm: BlockRecognizer = {
  dialect: 'glm',
  opener: '<tool_call>',
  closes: ['</tool_call>'],
  decode(body, context) {
    const first = body.indexOf('<');
    const name = trimmedSlice(body, 0, first === -1 ? body.length : first);
    if (name === '' || /[\s{}"]/.test(name)) return undefined;
    const params: Record<string, string> = {};
    let i = first;
    while (i !== -1) {
      if (isBlank(body, i, body.length)) break;
      if (!body.startsWith(KEY_OPEN, i)) return undefined;
      const keyEnd = body.indexOf(KEY_CLOSE, i);
      if (keyEnd === -1) return undefined;
      const key = trimmedSlice(body, i + KEY_OPEN.length, keyEnd);
      const valueOpen = body.indexOf(VALUE_OPEN, keyEnd);
      if (valueOpen === -1 || !isBlank(body, keyEnd + KEY_CLOSE.length, valueOpen)) return undefined;
      // a value ends at the last </arg_value> before the next <arg_key> (a file may hold the close tag)
      const nextKey = body.indexOf(KEY_OPEN, valueOpen);
      const limit = nextKey === -1 ? body.length : nextKey;
      const valueEnd = body.lastIndexOf(VALUE_CLOSE, limit - VALUE_CLOSE.length);
      if (valueEnd < valueOpen + VALUE_OPEN.length) return undefined;
      params[key] = xmlValue(context, name, key, body, valueOpen + VALUE_OPEN.length, valueEnd);
      if (!isBlank(body, valueEnd + VALUE_CLOSE.length, limit)) return undefined;
      i = nextKey;
    }
    return allOffered([{ name, params }], context);
  },
};
