// A reply may begin inside reasoning that the chat template opened (only `</think>` appears,
// later). Until a block other than text has been seen, a call recovered from another dialect may
// be one the reasoning quotes — and it must not run beside the real one after `</think>`. So such
// calls wait, their construct not shown (as while it streamed), and they are decided when the reply shows
// which it was — a reasoning close before any block makes all of it reasoning (the quoted calls
// never run); any other block opening, or the reply's end, makes them calls, in place. Cline's XML
// is the protocol's own and is not held.
//
// Cost: a held construct is put into both outcomes when it is held — its blocks, and its text as
// written — so deciding costs one push per block, never a second pass over the reply's text.

import type { DialectName } from '../../protocol/dialect-names.js';
import type { DecodedCall } from '../dialects/recognizer.js';
import { createTrimmedBuilder, type TextBuilder } from '../text-builders.js';
import { pushCallBlocks } from './call-blocks.js';
import { createHeldCalls, keepAsWritten } from './held-text.js';
import type { ScanState } from './scan-state.js';

/** Whether a recovered call now may still be quoted reasoning: the reasoning dialect is on and no block came yet. */
export function mayBeInReasoning(s: ScanState): boolean {
  return s.done.length === 0 && s.dialects.on.has('reasoning');
}

/** Holds `calls` (their construct written as `opener` + `body` + `close`) after the text in `text`; a new text builder goes on. */
export function deferCalls(
  s: ScanState,
  text: TextBuilder,
  calls: readonly DecodedCall[],
  dialect: DialectName,
  at: number,
  opener: string,
  body: string,
  close: string,
): void {
  // like a call pushed at once, the construct is no prose for the Markdown state: a backtick in an
  // argument opens no code span that would make the next call an example
  const held = (s.deferred ??= createHeldCalls());
  const content = text.value;
  if (content !== '') held.blocks.push({ type: 'text', content, partial: false });
  pushCallBlocks(held.blocks, s.idPrefix, calls, dialect, at);
  keepAsWritten(held, text, opener, body, close);
  s.builder = createTrimmedBuilder();
}

/**
 * The reply showed they were calls: the text before each held construct and its tool uses are
 * blocks, in place; the text after the last one goes on as the current text.
 */
export function releaseDeferred(s: ScanState): void {
  const blocks = s.deferred!.blocks;
  s.deferred = undefined;
  // nothing was done before them (or they would not have been held): their blocks are the blocks
  if (s.done.length === 0) s.done = blocks;
  else for (let i = 0; i < blocks.length; i++) s.done.push(blocks[i]!);
}

/**
 * The reply began inside reasoning after all (a reasoning close before any block): the text so far
 * with the held constructs back where they stood — all of it is reasoning, and the held calls never run.
 */
export function heldAsReasoning(s: ScanState): string {
  const held = s.deferred;
  if (held === undefined) return s.builder.value;
  s.deferred = undefined;
  const text = s.builder as TextBuilder;
  return (held.asWritten.join('') + text.leading + text.value).trim();
}
