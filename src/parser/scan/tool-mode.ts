// MODE_TOOL: inside a tool, between parameters. Only the tool's parameter tags and its own close
// tag count; any other text here is dropped.

import { readTag, TAG_COMPLETE, TAG_INCOMPLETE } from '../tag-reader.js';
import { closeTool, openParam } from './block-transitions.js';
import { holdFrom, type ScanState } from './scan-state.js';

/**
 * Scans from `pos` until a parameter opens or the tool closes (returns the position after the
 * tag, mode switched) or the input ends (its length, or a hold inside an unfinished tag).
 */
export function scanTool(s: ScanState, input: string, pos: number, final: boolean): number {
  const tool = s.tool!;
  const tag = s.tag;
  const maxName = s.protocol.maxNameLength;
  let from = pos;
  for (;;) {
    const lt = input.indexOf('<', from);
    if (lt === -1) {
      // text between parameters is ignored; before the first one it is kept in case the tag was named in a sentence
      if (s.mentionOpen) s.mention += input.slice(pos, input.length);
      return input.length;
    }
    const kind = readTag(input, lt, maxName, tag);
    if (kind === TAG_COMPLETE) {
      if (tag.closing ? tag.name === tool.name : tool.params.has(tag.name)) {
        if (tag.closing) closeTool(s);
        else openParam(s, tag.name);
        return tag.end;
      }
    } else if (
      kind === TAG_INCOMPLETE &&
      !final &&
      (tag.closing ? tool.name.startsWith(tag.name) : tool.paramPrefixes.has(tag.name))
    ) {
      if (s.mentionOpen) s.mention += input.slice(pos, lt);
      return holdFrom(lt);
    }
    from = lt + 1;
  }
}
