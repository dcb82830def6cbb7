// Mistral / Devstral / Magistral: `[TOOL_CALLS][{"name": …, "arguments": {…}}]` (older templates) or
// `[TOOL_CALLS]NAME[ARGS]{…}` (v11+, optionally `[CALL_ID]id` before `[ARGS]`; some servers drop
// `[ARGS]`: `[TOOL_CALLS]NAME{…}`), after optional prose.
// `[TOOL_CALLS]` is a special token that a server without Mistral's parser leaves in the text.

import { allOffered, callsFromJson, jsonValueEnd, paramsFromArguments, parseJson } from './call-values.js';
import type { BlockRecognizer, DecodeContext, DecodedCall } from './recognizer.js';

/** The marker the calls follow. */
export const MISTRAL_MARKER = '[TOOL_CALLS]';
const ARGS = '[ARGS]';
const CALL_ID = '[CALL_ID]';

/** Calls after the marker: a JSON list, or `NAME[ARGS]{…}` repeated with the marker between. */
export function mistralCalls(after: string, context: DecodeContext): DecodedCall[] | undefined {
  const t = after.trim();
  if (t.startsWith('[') || t.startsWith('{')) {
    const value = parseJson(t);
    return value === undefined ? undefined : callsFromJson(value, context);
  }
  const calls: DecodedCall[] = [];
  for (const part of t.split(MISTRAL_MARKER)) {
    const marked = part.indexOf(ARGS);
    // without [ARGS] the arguments start at the first brace after the name
    const args = marked !== -1 ? marked : part.indexOf('{');
    if (args <= 0) return undefined;
    let name = part.slice(0, args);
    const id = name.indexOf(CALL_ID);
    if (id !== -1) name = name.slice(0, id);
    if (!/^\s*[\w.-]+\s*$/.test(name)) return undefined;
    const params = paramsFromArguments(parseJson(part.slice(args + (marked !== -1 ? ARGS.length : 0))));
    if (params === undefined) return undefined;
    calls.push({ name: name.trim(), params });
  }
  return allOffered(calls, context);
}

const NAME = /^\s*[\w.-]+(?:\[CALL_ID\][\w.-]*)?(?:\[ARGS\])?/;

/** Where the calls after the marker end (a JSON list, or `NAME[ARGS]{…}` repeated); prose may follow. */
export function mistralCallsEnd(after: string): number {
  const list = jsonValueEnd(after, 0);
  if (list !== -1 && /^\s*\[/.test(after)) return list;
  let end = 0;
  for (let at = 0; ; ) {
    const name = NAME.exec(after.slice(at, at + 512));
    if (name === null) return end;
    const value = jsonValueEnd(after, at + name[0].length);
    // a call cut off: the whole list is (and stays text)
    if (value === -1) return after.length;
    end = value;
    const next = /^\s*\[TOOL_CALLS\]/.exec(after.slice(value, value + 64));
    if (next === null) return end;
    at = value + next[0].length;
  }
}

/**
 * Whether a marker after `before` (the last visible character on its line, 0 at a line's start)
 * begins a call rather than standing in a sentence: at a line's start, or after the end of a
 * sentence, a colon, a tag or a token (`Sure.[TOOL_CALLS]…`, `[/THINK][TOOL_CALLS]…`). After a word
 * or a comma (`write [TOOL_CALLS] before the calls`) it is a word of the sentence.
 */
export function markerStartsCalls(before: number): boolean {
  return before === 0 || SENTENCE_ENDS.has(before);
}

// pure: a bundle that never reads it drops it (the map call would otherwise keep it)
const SENTENCE_ENDS = /* @__PURE__ */ (() =>
  new Set(['.', '!', '?', ':', ';', '>', ']', '。', '！', '？', '：', '；'].map((c) => c.charCodeAt(0))))();

/**
 * `[TOOL_CALLS]` met in text position (not in a code fence or inline code): the calls after it
 * run to the reply's end and are read there; the prose before it stays text. Read in the scan, so
 * the marker and the calls never show as text while the reply streams.
 */
export const mistralBlock: BlockRecognizer = {
  dialect: 'mistral',
  opener: MISTRAL_MARKER,
  closes: [],
  endsWithReply: true,
  callsEnd: mistralCallsEnd,
  decode: (body, context) => mistralCalls(body, context),
};
