// What an inspector (Stately's, or any `inspect` observer that serialises snapshots) sees of the
// machine's context and its actors' inputs: a bounded summary, not the growing reply. XState hands
// inspectors the live snapshot, and Stately's inspector JSON-serialises it for every event; with the
// reply's text, its blocks, the parser's state and the history in the context, that was a copy of
// the whole reply per streamed chunk (14.4 GB of inspection JSON for a 1 MB write). Serialisers
// call `toJSON`, so the context and the inputs carry one that summarises: strings cut to a preview
// with their length, arrays to their last items with a count, the client, protocol, tools and
// parser state and options to a line. Nothing else reads it: a turn's record is built field by field
// (turn-record.ts), and selectView reads the context's fields themselves.

/** Characters of a string kept in a summary. */
const MAX_STRING = 80;
/** Items of an array kept (its last ones). */
const MAX_ITEMS = 6;
/** Keys of an object kept. */
const MAX_KEYS = 24;
/** Objects nested deeper than this are named, not opened. */
const MAX_DEPTH = 3;

function summariseString(value: string): string {
  return value.length <= MAX_STRING ? value : `${value.slice(0, MAX_STRING)}… (${value.length} chars)`;
}

function summariseArray(value: readonly unknown[], depth: number): unknown[] {
  const start = Math.max(0, value.length - MAX_ITEMS);
  const items = value.slice(start).map((v) => summariseValue(v, depth + 1));
  return start > 0 ? [`(${start} earlier of ${value.length})`, ...items] : items;
}

function summariseObject(value: object, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value).filter((k) => k !== 'toJSON');
  for (const key of keys.slice(0, MAX_KEYS))
    out[key] = summariseValue((value as Record<string, unknown>)[key], depth + 1);
  if (keys.length > MAX_KEYS) out['…'] = `${keys.length - MAX_KEYS} more keys`;
  return out;
}

/** A bounded copy of any value: at most MAX_DEPTH levels, MAX_ITEMS per array, MAX_KEYS per object, MAX_STRING per string. */
export function summariseValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return summariseString(value);
  if (typeof value === 'function') return '[function]';
  if (typeof value === 'bigint') return String(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return { name: value.name, ...(code !== undefined ? { code } : {}), message: summariseString(value.message) };
  }
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? `[${value.length} items]` : '[object]';
  if (Array.isArray(value)) return summariseArray(value, depth);
  return summariseObject(value, depth);
}

/** Context fields that are machinery, not state: named in one line. */
const OPAQUE: Readonly<Record<string, (value: unknown) => string>> = {
  client: () => '[chat client]',
  protocol: (p) =>
    `[protocol: ${(p as { compiled?: { tools?: { size?: number } } }).compiled?.tools?.size ?? 0} tools]`,
  tools: (t) => `[tools: ${Object.keys((t ?? {}) as object).join(', ')}]`,
  replyAssembly: () => '[reply assembly]',
  chatBacklog: () => '[chat backlog]',
  // The resolved options are the same all turn long (the turn's input shows them once).
  options: () => '[turn options]',
};

/** The context as an inspector sees it (its `toJSON`). */
function contextToJSON(this: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(this)) {
    if (key === 'toJSON') continue;
    const opaque = OPAQUE[key];
    out[key] = opaque !== undefined ? summariseString(opaque(this[key])) : summariseValue(this[key], 1);
  }
  return out;
}

/**
 * The context with its inspection summary as `toJSON`. An own enumerable property, so that every
 * `assign` (XState's Object.assign of the old context and the update) carries it on.
 */
export function inspectableContext<C extends object>(context: C): C {
  return Object.assign(context, { toJSON: contextToJSON });
}

function inputToJSON(this: object): unknown {
  return summariseValue(this);
}

/** An actor's input with its inspection summary as `toJSON` (not enumerable: the input's keys and equality stay as they were). */
export function inspectableInput<I extends object>(input: I): I {
  return Object.defineProperty(input, 'toJSON', { value: inputToJSON, enumerable: false });
}
