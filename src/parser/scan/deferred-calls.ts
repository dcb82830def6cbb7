// A reply may begin inside reasoning that the chat template opened (only `</think>` appears,
// later). Until a block other than text has been seen, a call recovered from another dialect may
// be one the reasoning quotes — and it must not run beside the real one after `</think>`. So such
// calls wait, their construct not shown (as while it streamed), and they are decided when the reply shows
// which it was — a reasoning close before any block makes all of it reasoning (the quoted calls
// never run); any other block opening, or the reply's end, makes them calls, in place. Cline's XML
// is the protocol's own and is not held.

import type { DialectName } from '../../protocol/dialect-names.js';
import type { DecodedCall } from '../dialects/recognizer.js';
import { createTrimmedBuilder } from '../text-builders.js';
import { pushCallBlocks } from './call-blocks.js';
import type { ScanState } from './scan-state.js';

/** Whether a recovered call now may still be quoted reasoning: the reasoning dialect is on and no block came yet. */
export function mayBeInReasoning(s: ScanState): boolean {
  return s.done.length === 0 && s.dialects.on.has('reasoning');
}

/** Holds `calls` (their construct written as `raw`) at the current end of the text block, unshown. */
export function deferCalls(
  s: ScanState,
  calls: readonly DecodedCall[],
  dialect: DialectName,
  at: number,
  raw: string,
): void {
  // like a call pushed at once, the construct is no prose for the Markdown state: a backtick in an
  // argument opens no code span that would make the next call an example
  (s.deferred ??= []).push({ calls, dialect, at, start: s.builder.value.length, raw });
}

/**
 * The reply showed they were calls: the text block is cut at each held construct, which becomes
 * its tool uses; the text after the last one goes on as the current text.
 */
export function releaseDeferred(s: ScanState): void {
  const held = s.deferred!;
  s.deferred = undefined;
  const value = s.builder.value;
  let from = 0;
  for (const h of held) {
    const text = value.slice(from, h.start).trim();
    if (text !== '') s.done.push({ type: 'text', content: text, partial: false });
    pushCallBlocks(s, h.calls, h.dialect, h.at);
    from = h.start;
  }
  s.builder = createTrimmedBuilder();
  s.builder.append(value, from, value.length);
}

/**
 * The reply began inside reasoning after all (a reasoning close before any block): the text so far
 * with the held constructs back where they stood — all of it is reasoning, and the held calls never run.
 */
export function heldAsReasoning(s: ScanState): string {
  const value = s.builder.value;
  const held = s.deferred;
  s.deferred = undefined;
  if (held === undefined) return value;
  let out = '';
  let from = 0;
  for (const h of held) {
    out += value.slice(from, h.start) + h.raw;
    from = h.start;
  }
  return (out + value.slice(from)).trim();
}
