// Kimi K2: `<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{…}<|tool_call_end|>…<|tool_calls_section_end|>`.

import { allOffered, paramsFromArguments, parseJson } from './call-values.js';
import type { BlockRecognizer, DecodeContext, DecodedCall } from './recognizer.js';

const CALL_BEGIN = '<|tool_call_begin|>';
const ARGS_BEGIN = '<|tool_call_argument_begin|>';
const CALL_END = '<|tool_call_end|>';

/** `functions.read_file:0` → `read_file` (the id's prefix and index are Kimi's own numbering). */
function nameOfId(id: string): string {
  let name = id.trim();
  const colon = name.lastIndexOf(':');
  if (colon !== -1 && /^\d+$/.test(name.slice(colon + 1))) name = name.slice(0, colon);
  return name.startsWith('functions.') ? name.slice('functions.'.length) : name;
}

/** Calls `CALL_BEGIN id ARGS_BEGIN json CALL_END`, repeated; `single`: the body is one call without its CALL_BEGIN. */
function decodeCalls(body: string, context: DecodeContext, single: boolean): DecodedCall[] | undefined {
  const calls: DecodedCall[] = [];
  const parts = single ? [body] : body.split(CALL_BEGIN);
  if (!single && parts.shift()!.trim() !== '') return undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const end = part.lastIndexOf(CALL_END);
    // the last call's end may be missing with the section's (a server stripped them): its JSON decides
    const call = end === -1 ? (single || i === parts.length - 1 ? part : undefined) : part.slice(0, end);
    if (call === undefined || (end !== -1 && part.slice(end + CALL_END.length).trim() !== '')) return undefined;
    const args = call.indexOf(ARGS_BEGIN);
    if (args === -1) return undefined;
    const params = paramsFromArguments(parseJson(call.slice(args + ARGS_BEGIN.length)));
    if (params === undefined) return undefined;
    calls.push({ name: nameOfId(call.slice(0, args)), params });
  }
  return allOffered(calls, context);
}

/** A Kimi tool-call section (one or several calls). */
export const kimiSection: BlockRecognizer = {
  dialect: 'kimi',
  opener: '<|tool_calls_section_begin|>',
  closes: ['<|tool_calls_section_end|>'],
  decode: (body, context) => decodeCalls(body, context, false),
};

/** One Kimi call written without its section tokens. */
export const kimiCall: BlockRecognizer = {
  dialect: 'kimi',
  opener: CALL_BEGIN,
  closes: [CALL_END],
  decode: (body, context) => decodeCalls(body, context, true),
};
