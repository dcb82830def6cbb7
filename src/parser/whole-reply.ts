// Dialects that only the whole reply can show: a reply that is all one JSON call or pythonic
// call list, Cline's XML HTML-escaped as a whole (Mistral's `[TOOL_CALLS]` is read in the scan).
// Judged once, when the reply ends, on its one answer block (so no text is read twice while
// streaming); a reply with any other block (a tool use, a second text) is not a whole-reply call.

import type { AssistantMessageContent, ToolUse } from './blocks.js';
import type { DialectName } from '../protocol/dialect-names.js';
import { looksHtmlEscaped, unescapeOnce } from './dialects/html-escaped.js';
import { wholeReplyJson } from './dialects/json-call.js';
import { wholeReplyPythonic } from './dialects/pythonic.js';
import type { DecodedCall } from './dialects/recognizer.js';
import { decodeContext } from './scan/dialect-transitions.js';
import { createTrimmedBuilder } from './text-builders.js';
import { MODE_TEXT, type ScanState } from './scan/scan-state.js';

/** Reads unescaped Cline XML with the dialects off (final); supplied by the stream parser. */
export type ReparseStrict = (text: string, idPrefix: string) => AssistantMessageContent[];

function pushCalls(s: ScanState, calls: DecodedCall[], dialect: DialectName): void {
  calls.forEach((call, i) => {
    s.done.push({
      type: 'tool_use',
      name: call.name,
      params: call.params,
      partial: false,
      call_id: `${s.idPrefix}_reply_${i}`,
      dialect,
    });
  });
}

/** After the final scan: the answer as calls when one of the whole-reply dialects reads it. */
export function judgeWholeReply(s: ScanState, reparse: ReparseStrict): void {
  const on = s.dialects.on;
  if (s.mode !== MODE_TEXT || !(on.has('json') || on.has('pythonic') || on.has('html-escaped'))) return;
  for (const block of s.done) if (block.type !== 'reasoning') return;
  const text = s.builder.value;
  if (text === '') return;
  const context = decodeContext(s);
  if (on.has('html-escaped') && looksHtmlEscaped(text, context.hasTool)) {
    const blocks = reparse(unescapeOnce(text), `${s.idPrefix}_reply`);
    if (blocks.some((b) => b.type === 'tool_use' && !b.partial)) {
      for (const b of blocks) s.done.push(b.type === 'tool_use' ? ({ ...b, dialect: 'html-escaped' } as ToolUse) : b);
      s.builder = createTrimmedBuilder();
      return;
    }
  }
  const json = on.has('json') ? wholeReplyJson(text, context) : undefined;
  if (json !== undefined) {
    pushCalls(s, json, 'json');
    s.builder = createTrimmedBuilder();
    return;
  }
  const python = on.has('pythonic') ? wholeReplyPythonic(text, context) : undefined;
  if (python !== undefined) {
    pushCalls(s, python, 'pythonic');
    s.builder = createTrimmedBuilder();
  }
}
