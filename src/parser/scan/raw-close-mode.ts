// MODE_RAW_AFTER_CLOSE: a raw value (file content, diff) may contain its own close tag, e.g. a
// file that mentions `</content>`. The close tag is real only when, after whitespace, the next
// tag is the tool's close tag or another of its parameters; otherwise it was content.

import { isWhitespace } from '../text-builders.js';
import { readTag, TAG_COMPLETE, TAG_INCOMPLETE } from '../tag-reader.js';
import { closeParam, closeTool, openParam, releaseHeldClose } from './block-transitions.js';
import { holdFrom, type ScanState } from './scan-state.js';

const LT = 60;

/**
 * Judges the held close tag by what follows `pos`: confirmed (the parameter closes and the next
 * tag is taken; returns the position after it), refuted (the held text goes back into the value;
 * returns where scanning the value goes on), or undecided (returns the input's length after
 * holding the whitespace, or a hold inside an unfinished tag).
 */
export function scanRawClose(s: ScanState, input: string, pos: number, final: boolean): number {
  const len = input.length;
  let j = pos;
  while (j < len && isWhitespace(input.charCodeAt(j))) j++;
  if (j > pos) s.heldClose += input.slice(pos, j);
  if (j === len) return len;
  if (input.charCodeAt(j) === LT) {
    const tool = s.tool!;
    const tag = s.tag;
    const kind = readTag(input, j, s.protocol.maxNameLength, tag);
    if (kind === TAG_COMPLETE) {
      if (tag.closing ? tag.name === tool.name : tag.name !== s.paramName && tool.params.has(tag.name)) {
        // Stryker disable next-line StringLiteral: heldClose is read only in MODE_RAW_AFTER_CLOSE, and holdRawClose sets it before entering it again
        s.heldClose = '';
        closeParam(s);
        if (tag.closing) closeTool(s);
        else openParam(s, tag.name);
        return tag.end;
      }
    } else if (
      kind === TAG_INCOMPLETE &&
      !final &&
      (tag.closing ? tool.name.startsWith(tag.name) : tag.name !== s.paramName && tool.paramPrefixes.has(tag.name))
    ) {
      return holdFrom(j);
    }
  }
  // not the real close: it was content after all
  releaseHeldClose(s);
  return j;
}
