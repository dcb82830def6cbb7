// MODE_PARAM and MODE_REASONING: inside a value, where only the value's own close tag counts.

import { closeParam, closeReasoning, holdRawClose } from './block-transitions.js';
import { earliestClose, unfinishedAnyCloseAt, unfinishedCloseAt } from './close-tag-search.js';
import { holdFrom, MODE_REASONING, type ScanState } from './scan-state.js';

/**
 * Appends content from `pos` up to the close tag and closes the value (returns the position
 * after the tag, mode switched; a raw value's close tag is held for judgement first), or appends
 * everything (returns the input's length, or a hold when it ends inside the close tag).
 */
export function scanValue(s: ScanState, input: string, pos: number, final: boolean): number {
  if (s.mode === MODE_REASONING && s.reasoningCloses.length > 1) return scanReasoningCloses(s, input, pos, final);
  const closeTag = s.closeTag;
  const at = input.indexOf(closeTag, pos);
  if (at === -1) {
    const hold = final ? -1 : unfinishedCloseAt(input, pos, closeTag);
    if (hold === -1) {
      s.builder.append(input, pos, input.length);
      return input.length;
    }
    s.builder.append(input, pos, hold);
    return holdFrom(hold);
  }
  s.builder.append(input, pos, at);
  if (s.mode === MODE_REASONING) closeReasoning(s);
  else if (s.paramRaw)
    holdRawClose(s); // a raw value may contain its own close tag: judge it by what follows
  else closeParam(s);
  return at + closeTag.length;
}

const found = { which: '' };

/** A reasoning block that any of several close tags ends (`<think>…</thinking>` closes too). */
function scanReasoningCloses(s: ScanState, input: string, pos: number, final: boolean): number {
  const closes = s.reasoningCloses;
  const at = earliestClose(input, pos, closes, found);
  if (at === -1) {
    const hold = final ? -1 : unfinishedAnyCloseAt(input, pos, closes);
    s.builder.append(input, pos, hold === -1 ? input.length : hold);
    return hold === -1 ? input.length : holdFrom(hold);
  }
  s.builder.append(input, pos, at);
  closeReasoning(s);
  return at + found.which.length;
}
