// A reasoning block that never closed, at a normal end of the reply: a model that forgot `</think>`
// and then called a tool wrote the call inside it. The calls that end the reasoning (nothing but
// whitespace after them) are read as calls; a call the reasoning quotes with more reasoning after
// it stays reasoning, and never runs. One more pass over the reasoning, once, at the end.

import type { AssistantMessageContent, ToolUse } from '../blocks.js';
import { createTrimmedBuilder } from '../text-builders.js';
import { MODE_REASONING, MODE_TEXT, type ScanState } from './scan-state.js';

/** Parses a reasoning's text as a whole reply (dialects on, final); call ids `r_${offset}`. */
export type ReparseReasoning = (text: string) => AssistantMessageContent[];

/** The offset in the re-read text where a call of it starts, from its id `r_${offset}` (or `r_${offset}_${i}`). */
function offsetOf(call: ToolUse): number {
  return Number(call.call_id.split('_')[1]);
}

/** At a normal end inside an unclosed reasoning block: the calls that end it become tool uses after it. */
export function callsEndingReasoning(s: ScanState, reparse: ReparseReasoning): void {
  if (s.mode !== MODE_REASONING) return;
  const text = s.builder.value;
  const blocks = reparse(text);
  let k = blocks.length;
  while (k > 0 && blocks[k - 1]!.type === 'tool_use' && !(blocks[k - 1] as ToolUse).partial) k--;
  if (k === blocks.length) return;
  const first = offsetOf(blocks[k] as ToolUse);
  if (!Number.isInteger(first)) return;
  s.done.push({ type: 'reasoning', reasoning: text.slice(0, first).trim(), partial: false });
  for (let i = k; i < blocks.length; i++) {
    const call = blocks[i] as ToolUse;
    s.done.push({ ...call, call_id: `${s.idPrefix}_think_${call.call_id.slice(2)}` });
  }
  s.builder = createTrimmedBuilder();
  s.mode = MODE_TEXT;
}
