// OpenRouter's `reasoning_details` as one array, from the entries each stream chunk carries. A
// streamed entry comes in pieces that share its `index`: their `text` / `summary` fragments are
// joined, every other field is taken as it came (a signature, an id, encrypted `data`). Entries
// without an index are kept apart, in arrival order. Nothing is reordered, renamed or dropped, so
// the array goes back to the provider as it was produced.

type Entry = Record<string, unknown>;

/** Fields that stream as fragments of one text. */
const JOINED = new Set(['text', 'summary']);

function isEntry(value: unknown): value is Entry {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function indexOf(entry: Entry): number | undefined {
  const index = entry.index;
  return typeof index === 'number' && Number.isInteger(index) ? index : undefined;
}

function mergeInto(target: Entry, piece: Entry): void {
  for (const key of Object.keys(piece)) {
    const value = piece[key];
    const before = target[key];
    if (JOINED.has(key) && typeof value === 'string' && typeof before === 'string') target[key] = before + value;
    else if (value !== undefined && (value !== null || before === undefined)) target[key] = value;
  }
}

/**
 * `merged` with the entries of one chunk added: a piece whose `index` (and `type`) matches an
 * entry already there is merged into it (fragments joined), any other is appended as a copy.
 * Pure: neither argument is changed (entries that change are copied first).
 *
 * @example
 * ```ts
 * import { mergeReasoningDetails } from 'agent-turn';
 *
 * let details: unknown[] = [];
 * details = mergeReasoningDetails(details, [{ type: 'reasoning.text', text: 'The ', index: 0 }]);
 * details = mergeReasoningDetails(details, [{ type: 'reasoning.text', text: 'plan', signature: 'sig', index: 0 }]);
 * // [{ type: 'reasoning.text', text: 'The plan', index: 0, signature: 'sig' }]
 * ```
 */
export function mergeReasoningDetails(merged: readonly unknown[], pieces: readonly unknown[]): unknown[] {
  const out = [...merged];
  for (const piece of pieces) {
    if (!isEntry(piece)) {
      out.push(piece);
      continue;
    }
    const index = indexOf(piece);
    let at = -1;
    if (index !== undefined) {
      for (let i = out.length - 1; i >= 0; i--) {
        const entry = out[i];
        if (isEntry(entry) && indexOf(entry) === index) {
          at = i;
          break;
        }
      }
    }
    const existing = at >= 0 ? (out[at] as Entry) : undefined;
    if (
      existing === undefined ||
      (piece.type !== undefined && existing.type !== undefined && piece.type !== existing.type)
    ) {
      out.push({ ...piece });
      continue;
    }
    const copy = { ...existing };
    mergeInto(copy, piece);
    out[at] = copy;
  }
  return out;
}
