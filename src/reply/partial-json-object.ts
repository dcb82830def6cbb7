// A tolerant, incremental reader of one flat JSON object (a native tool call's `arguments`)
// that shows each key's value while the object is still arriving. Each push costs O(delta):
// string values are unescaped once, as their characters arrive, and never re-scanned.

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

const HEX = /^[0-9a-fA-F]{4}$/;

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

export function createPartialJsonObjectReader(): PartialJsonObjectReader {
  let at = At.BeforeObject;
  const done = new Map<string, string>();
  let key = '';
  let value = '';
  /** Unfinished escape sequence carried across deltas ('' when none; starts with '\\'). */
  let pendingEscape = '';
  /** Raw (non-string) value: nesting depth and whether inside a nested string. */
  let depth = 0;
  let rawInString = false;
  let rawEscaped = false;
  let snapshot: Record<string, string> = {};
  let dirty = false;

  /** Reads a string body from `i`; appends decoded text to `out`; returns [index after the closing quote or -1, text]. */
  function readString(s: string, i: number, out: string): [number, string] {
    let runStart = i;
    const n = s.length;
    while (i < n) {
      if (pendingEscape !== '') {
        pendingEscape += s[i++];
        if (pendingEscape.length === 2) {
          const simple = SIMPLE_ESCAPES[pendingEscape[1]];
          if (simple !== undefined) {
            out += simple;
            pendingEscape = '';
          } else if (pendingEscape[1] !== 'u') {
            at = At.Failed;
            return [-1, out];
          }
        } else if (pendingEscape.length === 6) {
          const hex = pendingEscape.slice(2);
          if (!HEX.test(hex)) {
            at = At.Failed;
            return [-1, out];
          }
          out += String.fromCharCode(parseInt(hex, 16));
          pendingEscape = '';
        }
        runStart = i;
        continue;
      }
      const c = s.charCodeAt(i);
      if (c === 0x22 /* " */) {
        out += s.slice(runStart, i);
        return [i + 1, out];
      }
      if (c === 0x5c /* \ */) {
        out += s.slice(runStart, i);
        pendingEscape = '\\';
        i++;
        runStart = i;
        continue;
      }
      i++;
    }
    out += s.slice(runStart, i);
    return [-1, out];
  }

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
        case At.BeforeObject:
        case At.BeforeKey:
        case At.AfterKey:
        case At.BeforeValue:
        case At.AfterValue:
        case At.Done: {
          const c = s.charCodeAt(i);
          if (isWhitespace(c)) {
            i++;
            break;
          }
          if (at === At.BeforeObject) {
            at = c === 0x7b /* { */ ? At.BeforeKey : At.Failed;
          } else if (at === At.BeforeKey) {
            if (c === 0x22) {
              at = At.InKey;
              key = '';
            } else if (c === 0x7d /* } */ && done.size === 0) at = At.Done;
            else at = At.Failed;
          } else if (at === At.AfterKey) {
            at = c === 0x3a /* : */ ? At.BeforeValue : At.Failed;
          } else if (at === At.BeforeValue) {
            dirty = true;
            value = '';
            if (c === 0x22) at = At.InString;
            else {
              at = At.InRaw;
              depth = 0;
              rawInString = false;
              rawEscaped = false;
              continue; // the raw value starts with this character
            }
          } else if (at === At.AfterValue) {
            if (c === 0x2c /* , */) at = At.BeforeKey;
            else if (c === 0x7d) at = At.Done;
            else at = At.Failed;
          } else {
            at = At.Failed; // text after the closing brace
          }
          i++;
          break;
        }
        case At.InKey: {
          const [next, out] = readString(s, i, key);
          key = out;
          if (next < 0) return;
          i = next;
          at = At.AfterKey;
          break;
        }
        case At.InString: {
          const [next, out] = readString(s, i, value);
          dirty = true;
          value = out;
          if (next < 0) return;
          i = next;
          finishValue(value);
          at = At.AfterValue;
          break;
        }
        case At.InRaw: {
          const start = i;
          let end = -1;
          for (; i < n; i++) {
            const c = s.charCodeAt(i);
            if (rawInString) {
              if (rawEscaped) rawEscaped = false;
              else if (c === 0x5c) rawEscaped = true;
              else if (c === 0x22) rawInString = false;
            } else if (c === 0x22) rawInString = true;
            else if (c === 0x7b || c === 0x5b /* [ */) depth++;
            else if (c === 0x7d || c === 0x5d /* ] */) {
              if (depth === 0) {
                end = i;
                break;
              }
              depth--;
            } else if (c === 0x2c && depth === 0) {
              end = i;
              break;
            }
          }
          value += s.slice(start, i);
          dirty = true;
          if (end < 0) return;
          finishValue(value.trim());
          at = At.AfterValue; // the ',' or '}' is read there
          break;
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
