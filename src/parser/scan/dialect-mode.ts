// MODE_DIALECT: inside another dialect's construct. Its body is collected up to one of its close
// markers (indexOf, like a parameter value) and decoded once there; a harmony header is read
// first to learn whether reasoning, a call or the answer follows.

import { earliestClose, unfinishedAnyCloseAt, unfinishedCloseAt } from './close-tag-search.js';
import {
  appendBody,
  closeDialect,
  closePendingText,
  dialectAsText,
  dialectDropped,
  takeBody,
} from './dialect-transitions.js';
import { openReasoningUntil } from './block-transitions.js';
import { holdFrom, type ScanState } from './scan-state.js';

/** A header longer than this is not one (harmony headers are a few words). */
const MAX_HEADER = 256;

const found = { which: '' };

function scanHeader(s: ScanState, input: string, pos: number, final: boolean): number {
  const entry = s.dialectEntry!;
  const end = entry.headerEnd!;
  const at = input.indexOf(end, pos);
  if (at === -1) {
    const hold = final ? -1 : unfinishedCloseAt(input, pos, end);
    appendBody(s, input, pos, hold === -1 ? input.length : hold);
    if (s.dialectBody.length > MAX_HEADER) {
      dialectAsText(s, takeBody(s));
      return hold === -1 ? input.length : hold;
    }
    return hold === -1 ? input.length : holdFrom(hold);
  }
  appendBody(s, input, pos, at);
  const header = takeBody(s);
  const outcome = header.length > MAX_HEADER ? undefined : entry.recognizers[0]!.header!(header);
  const next = at + end.length;
  if (outcome === undefined) dialectAsText(s, header + end);
  else if (outcome.kind === 'text') dialectDropped(s);
  else if (outcome.kind === 'reasoning') {
    closePendingText(s);
    openReasoningUntil(s, outcome.closes);
  } else {
    s.dialectHeader = header + end;
    s.dialectHeaderPending = false;
  }
  return next;
}

/**
 * Appends the body from `pos` up to a close and decodes the construct (returns the position after
 * the close, mode switched), or appends everything (returns the input's length, or a hold when
 * it ends inside a close). A construct without closes runs to the reply's end.
 */
export function scanDialect(s: ScanState, input: string, pos: number, final: boolean): number {
  if (s.dialectHeaderPending) return scanHeader(s, input, pos, final);
  const closes = s.dialectEntry!.closes;
  const at = earliestClose(input, pos, closes, found);
  if (at === -1) {
    const hold = final ? -1 : unfinishedAnyCloseAt(input, pos, closes);
    appendBody(s, input, pos, hold === -1 ? input.length : hold);
    return hold === -1 ? input.length : holdFrom(hold);
  }
  appendBody(s, input, pos, at);
  const close = found.which;
  closeDialect(s, close);
  return at + close.length;
}
