// The dialect-aware scanning as one object, attached to a protocol by withDialects: the strict
// scan reaches the recognizers only through it, so a bundle that never turns a dialect on (a
// parser-only import) leaves all of them out.

import type { Protocol } from '../../protocol/define-protocol.js';
import { releaseHeldClose } from '../scan/block-transitions.js';
import { releaseDeferred } from '../scan/deferred-calls.js';
import { scanDialect } from '../scan/dialect-mode.js';
import { decodeAtEnd, dialectAsText, reopenAsText, takeBody } from '../scan/dialect-transitions.js';
import { scan } from '../scan/scan.js';
import {
  type DialectScanning,
  MODE_DIALECT,
  MODE_RAW_AFTER_CLOSE,
  MODE_TEXT,
  type Mode,
  type ReparseWith,
  type ScanState,
} from '../scan/scan-state.js';
import { scanTextWithDialects } from '../scan/text-mode-dialects.js';
import { callsEndingReasoning } from '../scan/unclosed-reasoning.js';
import { judgeWholeReply } from '../whole-reply.js';
import { dialectsOf, strictOf } from './registry.js';

const WORD = /[\p{L}\p{N}]/u;
const SENTENCE_AFTER_OPENER = /^[ \t][\p{L}\p{N}]/u;

/**
 * An unclosed construct whose opener reads as a word of a sentence: a tag opener (`<tool_call>`,
 * not a special token) followed by a space and a word (`<tool_call> blocks`). A real construct
 * goes on with a line break, JSON or a tag (`<tool_call>\n{`, `<tool_call>read_file`), and one
 * cut off by the end of the stream must stay text whole: its values may hold tags of their own.
 */
function openerInSentence(state: ScanState): boolean {
  const opener = state.dialectOpenText;
  if (state.dialectHeader !== '' || opener.charCodeAt(0) !== 60 || !WORD.test(opener.charAt(1))) return false;
  return SENTENCE_AFTER_OPENER.test(state.dialectBody.slice(0, 2));
}

/**
 * The reply ended inside a construct: one that runs to the reply's end is decoded, one that never
 * closed is text (never a call), and one whose opener was a word of a sentence gives back what
 * followed it, read again as text.
 */
function endConstructs(state: ScanState, endedNormally: boolean): void {
  while (state.mode === MODE_DIALECT) {
    // a construct that runs to the reply's end, or one whose close a server stripped as a stop
    // token when the stream ended normally: read if its body is complete
    const readable = state.dialectEntry!.endsWithReply || endedNormally;
    if (!state.dialectHeaderPending && readable && decodeAtEnd(state)) break;
    if (!openerInSentence(state)) {
      // a construct cut off by the end of the stream: all text, and nothing in it runs
      dialectAsText(state, takeBody(state));
      break;
    }
    // `Use <tool_call> blocks. <read_file>…`: the opener was a word of a sentence; what followed
    // it is read again as text, so a later call in it still counts
    const { body, at } = reopenAsText(state);
    scan(state, body, at, true);
    // the second reading may end as the first did, before a raw value's close was confirmed
    if ((state.mode as Mode) === MODE_RAW_AFTER_CLOSE) releaseHeldClose(state);
  }
}

/** The reply ended (after the strict end rules): held calls, the whole-reply dialects, calls ending an unclosed reasoning. */
function endReply(state: ScanState, protocol: Protocol, endedNormally: boolean, reparse: ReparseWith): void {
  // the reply ended without a reasoning close: the recovered calls held until now are calls
  if (state.deferred !== undefined && state.mode === MODE_TEXT) releaseDeferred(state);
  judgeWholeReply(state, (text, idPrefix) => reparse(strictOf(protocol), text, idPrefix));
  // a reasoning's text read again as a reply of its own (ids `r_${offset}`)
  if (endedNormally) callsEndingReasoning(state, (text) => reparse(protocol, text, 'r', 'stop'));
}

/** What withDialects attaches to a protocol with dialects on. */
export const dialectScanning: DialectScanning = {
  compile: dialectsOf,
  scanText: scanTextWithDialects,
  scanDialect,
  releaseDeferred,
  endConstructs,
  endReply,
};
