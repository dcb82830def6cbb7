// What changed in a block since the lines sent for it: text that only grew becomes `delta` lines
// (the new end only), any other change a `block` line with just the changed fields. No line
// carries more than `pieceChars` characters of one text: a longer text goes out as its first
// piece and deltas of the rest. So a 60 MB parameter that streams in is sent about once, in
// lines of bounded size, however many times the view changes.
//
// The parser builds values as ropes, and reading any part of a rope copies it whole. So a text
// is sent as it grows only up to `eagerChars` (1 MiB); past that, what it gained waits until
// everything must go out (`force`: the view is final, or a state, approval or output line
// follows), when the tool or the history reads it whole anyway. Sending it at every flush kept
// 60–90 MB more resident in the 60 MB write of scripts/json-write-rss.ts, even at every doubling.
import type { NdjsonBlock, NdjsonBlockChange, NdjsonDeltaField, NdjsonLine } from './ndjson-lines.js';

/** Characters of text one line carries at most, by default: small enough that V8 allocates each line in the young generation, where it dies cheaply. */
export const NDJSON_PIECE_CHARS = 64 * 1024;

/** Texts up to this long are sent as they grow; what a longer one gains waits for a forced flush (see above). */
export const NDJSON_EAGER_CHARS = 1024 * 1024;

export interface BlockDiffOptions {
  pieceChars?: number;
  eagerChars?: number;
  /** Send every change now (the view is final, or a line follows that must come after it). */
  force?: boolean;
}

/** The lines for one block, and the block as they leave the reader (a long text held back keeps its old value). */
export interface BlockDiff {
  lines: NdjsonLine[];
  sent: NdjsonBlock;
}

type DeltaLine = Extract<NdjsonLine, { type: 'delta' }>;

function deltas(key: string, field: NdjsonDeltaField, text: string, from: number, pieceChars: number): DeltaLine[] {
  const lines: DeltaLine[] = [];
  for (let at = from; at < text.length; at += pieceChars)
    lines.push({ type: 'delta', key, field, append: text.slice(at, at + pieceChars) });
  return lines;
}

/**
 * The lines that bring a reader from `sent` (the block as the lines so far describe it; undefined
 * when none was sent) to `next`: the block (its texts capped) the first time, later one `block`
 * line with the changed fields (nothing when nothing changed); deltas for the texts that grew or
 * were capped come before the `block` line of a change, after the first `block` line.
 */
export function blockChangeLines(
  sent: NdjsonBlock | undefined,
  next: NdjsonBlock,
  options: BlockDiffOptions = {},
): BlockDiff {
  const pieceChars = options.pieceChars ?? NDJSON_PIECE_CHARS;
  const eagerChars = options.eagerChars ?? NDJSON_EAGER_CHARS;
  const tail: DeltaLine[] = [];
  /** `text` capped for a `block` line, its rest queued as deltas after it. */
  const capped = (field: NdjsonDeltaField, text: string): string => {
    if (text.length <= pieceChars) return text;
    tail.push(...deltas(next.key, field, text, pieceChars, pieceChars));
    return text.slice(0, pieceChars);
  };

  if (!sent || sent.kind !== next.kind) {
    const first: NdjsonBlock =
      next.kind === 'tool'
        ? {
            ...next,
            params: Object.fromEntries(
              Object.entries(next.params).map(([name, value]) => [name, capped(`params.${name}`, value)]),
            ),
            ...(next.result !== undefined ? { result: capped('result', next.result) } : {}),
          }
        : { ...next, text: capped('text', next.text) };
    return { lines: [{ type: 'block', ...first }, ...tail], sent: next };
  }

  const head: DeltaLine[] = [];
  const change: NdjsonBlockChange = {
    key: next.key,
    request: next.request,
    kind: next.kind,
    ...(next.kind === 'tool' ? { name: next.name } : {}),
  };
  let changed = false;
  /** Sends the change of one text, or holds it back; returns the value the reader has after. */
  const text = (
    field: NdjsonDeltaField,
    before: string | undefined,
    after: string | undefined,
    set: (value: string) => void,
  ): string | undefined => {
    if (before === after || after === undefined) return before;
    const grown = before !== undefined && after.length > before.length;
    // Only lengths so far: reading a rope's characters would copy it.
    if (grown && !options.force && before.length > eagerChars) return before;
    if (grown && after.startsWith(before)) {
      head.push(...deltas(next.key, field, after, before.length, pieceChars));
    } else {
      set(capped(field, after));
      changed = true;
    }
    return after;
  };
  const scalar = <K extends 'partial' | 'tokens' | 'status' | 'isError' | 'name'>(
    field: K,
    before: NdjsonBlockChange[K],
    after: NdjsonBlockChange[K],
  ) => {
    if (before === after || after === undefined) return;
    change[field] = after;
    changed = true;
  };
  let reader: NdjsonBlock = next;
  if (next.kind === 'tool' && sent.kind === 'tool') {
    const params: Record<string, string> = {};
    const readerParams: Record<string, string> = {};
    for (const [name, value] of Object.entries(next.params)) {
      const now = text(`params.${name}`, sent.params[name], value, (v) => (params[name] = v));
      if (now !== undefined) readerParams[name] = now;
    }
    if (Object.keys(params).length > 0) change.params = params;
    const result = text('result', sent.result, next.result, (v) => (change.result = v));
    scalar('status', sent.status, next.status);
    scalar('isError', sent.isError, next.isError);
    scalar('name', sent.name, next.name);
    reader = { ...next, params: readerParams, ...(result !== undefined ? { result } : {}) };
  } else if (next.kind !== 'tool' && sent.kind !== 'tool') {
    const now = text('text', sent.text, next.text, (v) => (change.text = v));
    if (next.kind !== 'notice' && sent.kind !== 'notice') scalar('partial', sent.partial, next.partial);
    if (next.kind === 'reasoning' && sent.kind === 'reasoning') scalar('tokens', sent.tokens, next.tokens);
    reader = { ...next, text: now ?? next.text };
  }
  return { lines: changed ? [...head, { type: 'block', ...change }, ...tail] : head, sent: reader };
}
