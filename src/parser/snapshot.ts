// The answer for all text so far: the finished blocks plus the one being built, shown as it
// stands. Costs O(number of blocks): the finished ones are shared, never copied.

import type { AssistantMessageContent } from './blocks.js';
import type { TextBuilder } from './text-builders.js';
import { shownWith } from './scan/held-text.js';
import { MODE_DIALECT, MODE_REASONING, MODE_TEXT, MODE_TOOL, type ScanState } from './scan/scan-state.js';

/** The blocks of all text scanned so far; `final`: the stream is over, so text and reasoning are complete. */
export function snapshot(s: ScanState, final: boolean): AssistantMessageContent[] {
  let last: AssistantMessageContent | undefined;
  switch (s.mode) {
    case MODE_TEXT: {
      const content = s.deferred === undefined ? s.builder.value : shownWith(s.deferred, s.builder as TextBuilder);
      if (content !== '') last = { type: 'text', content, partial: !final };
      break;
    }
    case MODE_DIALECT: {
      // the text before an undecided construct: it may still go on
      const content = s.deferred === undefined ? s.pendingText!.value : shownWith(s.deferred, s.pendingText!);
      if (content !== '') last = { type: 'text', content, partial: true };
      break;
    }
    case MODE_REASONING:
      last = { type: 'reasoning', reasoning: s.builder.value, partial: !final };
      break;
    default: {
      const shown: Record<string, string> = {};
      for (const key in s.params) shown[key] = s.params[key]!;
      if (s.mode !== MODE_TOOL) shown[s.paramName] = s.builder.value;
      last = { type: 'tool_use', name: s.tool!.name, params: shown, partial: true, call_id: s.callId };
    }
  }
  // one right-sized array: growing a copy by push() would allocate twice
  const done = s.done;
  const n = done.length;
  // Stryker disable next-line ArrayDeclaration: a right-sized array only spares a reallocation: an empty one grows to the same content
  const out: AssistantMessageContent[] = new Array(last === undefined ? n : n + 1);
  for (let i = 0; i < n; i++) out[i] = done[i]!;
  if (last !== undefined) out[n] = last;
  return out;
}
