// A tolerant, incremental reader of one flat JSON object (a native tool call's `arguments`)
// that shows each key's value while the object is still arriving. Each push costs O(delta):
// string values are unescaped once, as their characters arrive, and never re-scanned
// (json-string-body.ts); raw values are scanned for their end only (json-raw-value.ts).
import { BAD_ESCAPE, type PendingEscape, readStringBody } from './json-string-body.js';
import { type RawValueScan, rawValueEnd, resetRawValueScan } from './json-raw-value.js';

/** Where the reader is inside the object. */
// biome-ignore lint/suspicious/noConstEnum: used only in this file, so tsc and esbuild inline each member: no enum object on the reader's per-character path
const enum At {
  BeforeObject,
  BeforeKey,
  InKey,
  AfterKey,
  BeforeValue,
  InString,
  InRaw,
  AfterValue,
  Done,
  Failed,
}

export interface PartialJsonObjectReader {
  /** Feeds the next fragment of the JSON text. */
  push(delta: string): void;
  /**
   * The object so far: string values as they are (so far), other values as their JSON text so
   * far (trimmed once the value ends; while it grows it may show trailing whitespace). A key
   * shows up once its value has started. A new object after each change.
   */
  readonly params: Record<string, string>;
  /** Whether the text so far is not a JSON object (reading stopped; `params` keeps what was read). */
  readonly failed: boolean;
  /** Whether the object's closing brace has been read. */
  readonly closed: boolean;
}

/**
 * The state after punctuation `c` (not whitespace) read at `at`, one of the states between
 * tokens; `empty`: no key has been read yet. A key, string or raw value starts in the state it
 * answers (InKey, InString, InRaw); anything out of place is Failed.
 */
function afterPunctuation(at: At, c: number, empty: boolean): At {
  switch (at) {
    case At.BeforeObject:
      return c === 0x7b /* { */ ? At.BeforeKey : At.Failed;
    case At.BeforeKey:
      if (c === 0x22 /* " */) return At.InKey;
      return c === 0x7d /* } */ && empty ? At.Done : At.Failed;
    case At.AfterKey:
      return c === 0x3a /* : */ ? At.BeforeValue : At.Failed;
    case At.BeforeValue:
      return c === 0x22 ? At.InString : At.InRaw;
    case At.AfterValue:
      if (c === 0x2c /* , */) return At.BeforeKey;
      return c === 0x7d ? At.Done : At.Failed;
    default:
      return At.Failed; // text after the closing brace
  }
}

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

export function createPartialJsonObjectReader(): PartialJsonObjectReader {
  let at = At.BeforeObject;
  const done = new Map<string, string>();
  let key = '';
  let value = '';
  const pendingEscape: PendingEscape = { text: '' };
  const raw: RawValueScan = { depth: 0, inString: false, escaped: false };
  let snapshot: Record<string, string> = {};
  let dirty = false;

  function finishValue(v: string): void {
    done.set(key, v);
    value = '';
    dirty = true;
  }

  function push(s: string): void {
    let i = 0;
    const n = s.length;
    while (i < n && at !== At.Failed) {
      switch (at) {
        case At.InKey: {
          const [next, out] = readStringBody(pendingEscape, s, i, key);
          key = out;
          if (next < 0) {
            if (next === BAD_ESCAPE) at = At.Failed;
            return;
          }
          i = next;
          at = At.AfterKey;
          break;
        }
        case At.InString: {
          const [next, out] = readStringBody(pendingEscape, s, i, value);
          dirty = true;
          value = out;
          if (next < 0) {
            if (next === BAD_ESCAPE) at = At.Failed;
            return;
          }
          i = next;
          finishValue(value);
          at = At.AfterValue;
          break;
        }
        case At.InRaw: {
          const end = rawValueEnd(raw, s, i);
          value += s.slice(i, end < 0 ? n : end);
          dirty = true;
          if (end < 0) return;
          i = end;
          finishValue(value.trim());
          at = At.AfterValue; // the ',' or '}' is read there
          break;
        }
        default: {
          const c = s.charCodeAt(i);
          if (isWhitespace(c)) {
            i++;
            break;
          }
          at = afterPunctuation(at, c, done.size === 0);
          if (at === At.InKey) key = '';
          else if (at === At.InString || at === At.InRaw) {
            dirty = true;
            value = '';
            if (at === At.InRaw) {
              resetRawValueScan(raw);
              break; // the raw value starts with this character
            }
          }
          i++;
        }
      }
    }
  }

  return {
    push,
    get params() {
      if (dirty) {
        const entries = [...done];
        // The open value: a string so far, or raw JSON text so far (trimmed once it ends, not per push).
        if (at === At.InString || at === At.InRaw) entries.push([key, value]);
        // fromEntries makes own data properties, even for a key like "__proto__".
        snapshot = Object.fromEntries(entries);
        dirty = false;
      }
      return snapshot;
    },
    get failed() {
      return at === At.Failed;
    },
    get closed() {
      return at === At.Done;
    },
  };
}
