// MODE_TEXT: prose between blocks. Only the open tag of a tool or a reasoning block counts, and
// not right after a backtick (inline code such as `<read_file>` stays text). With dialects on
// (the protocol's dialect scanning, text-mode-dialects.ts), their openers count too (not inside a code fence: there they are examples), leaked special
// tokens are dropped, and a reasoning close tag before any block says the reply began inside
// reasoning.

import { readTag, TAG_COMPLETE, TAG_INCOMPLETE } from '../tag-reader.js';
import { closeText, openReasoning, openTool } from './block-transitions.js';
import { holdFrom, type ScanState } from './scan-state.js';

const BACKTICK = 96;

/**
 * Scans prose from `pos` until a block opens (returns the position after its tag, mode switched)
 * or the input ends (returns its length, or a hold when it ends inside what may become an open
 * tag). `base` is the absolute offset of `input[0]`, for the call_id.
 */
export function scanText(s: ScanState, input: string, pos: number, base: number, final: boolean): number {
  if (s.dialectScanning !== undefined) return s.dialectScanning.scanText(s, input, pos, base, final);
  const protocol = s.protocol;
  const tag = s.tag;
  const maxName = protocol.maxNameLength;
  const len = input.length;
  let from = pos;
  for (;;) {
    const lt = input.indexOf('<', from);
    if (lt === -1) {
      s.builder.append(input, pos, len);
      return len;
    }
    const before = lt > 0 ? input.charCodeAt(lt - 1) : s.previousCode;
    const kind = readTag(input, lt, maxName, tag);
    if (before !== BACKTICK && !tag.closing) {
      if (kind === TAG_COMPLETE) {
        const entry = protocol.textOpen.get(tag.name);
        if (entry !== undefined) {
          s.builder.append(input, pos, lt);
          closeText(s);
          if (entry.kind === 'tool') openTool(s, entry.tool, base + lt);
          else openReasoning(s, entry.tag);
          return tag.end;
        }
      } else if (kind === TAG_INCOMPLETE && !final && protocol.textOpenPrefixes.has(tag.name)) {
        s.builder.append(input, pos, lt);
        return holdFrom(lt);
      }
    }
    from = lt + 1;
  }
}
