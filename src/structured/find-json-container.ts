// Finds the first complete JSON object or array inside arbitrary text in linear time.
//
// Reference semantics: the smallest start index s (a `{` or `[`) such that some JSON container
// begins at s; its end is unique. The naive way (JSON.parse from every start) is quadratic on
// inputs like 200k `{`. Here one validating pass from a start s that fails at f also settles
// every container it opened structurally: one that closed is valid (and ends where it closed),
// one still open fails at f too (JSON is context-free, so the nested parse is the same parse).
// Only starts that lay inside string literals stay unknown, and an attempt from one of those
// sees the quotes with the opposite parity, so every character is scanned by at most two
// attempts plus one failing character each.

export interface JsonSpan {
  start: number;
  /** Exclusive. */
  end: number;
}

/** Counts scanned characters, so tests can check linear work without timing anything. */
export interface ScanStats {
  steps: number;
}

const OPEN_OBJECT = 123; // {
const CLOSE_OBJECT = 125; // }
const OPEN_ARRAY = 91; // [
const CLOSE_ARRAY = 93; // ]
const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;

// Parser states between tokens.
const VALUE = 0;
const VALUE_OR_CLOSE = 1;
const KEY = 2;
const KEY_OR_CLOSE = 3;
const AFTER_KEY = 4;
const AFTER_VALUE = 5;

// status[q]: 0 not known yet, FAILS, or the end (exclusive) of the valid container starting at q.
const FAILS = -1;

function isWhitespace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** Index just past the string starting at `i` (a quote), or the negative-encoded failure index (-1 - f). */
function scanString(text: string, i: number, to: number): number {
  let j = i + 1;
  while (j < to) {
    const c = text.charCodeAt(j);
    if (c === QUOTE) return j + 1;
    if (c < 0x20) return -1 - j;
    if (c === BACKSLASH) {
      if (j + 1 >= to) return -1 - to;
      const e = text.charCodeAt(j + 1);
      if (e === 117 /* u */) {
        for (let k = 2; k < 6; k++) {
          if (j + k >= to) return -1 - to;
          if (!isHex(text.charCodeAt(j + k))) return -1 - (j + k);
        }
        j += 6;
        continue;
      }
      // " \ / b f n r t
      if (e !== QUOTE && e !== BACKSLASH && e !== 47 && e !== 98 && e !== 102 && e !== 110 && e !== 114 && e !== 116) {
        return -1 - (j + 1);
      }
      j += 2;
      continue;
    }
    j++;
  }
  return -1 - to;
}

/** Index just past the number starting at `i`, or the negative-encoded failure index. */
function scanNumber(text: string, i: number, to: number): number {
  let j = i;
  if (text.charCodeAt(j) === 45 /* - */) j++;
  if (j >= to) return -1 - to;
  const first = text.charCodeAt(j);
  if (first === 48) j++;
  else if (first >= 49 && first <= 57) while (j < to && isDigit(text.charCodeAt(j))) j++;
  else return -1 - j;
  if (j < to && text.charCodeAt(j) === 46 /* . */) {
    j++;
    if (j >= to) return -1 - to;
    if (!isDigit(text.charCodeAt(j))) return -1 - j;
    while (j < to && isDigit(text.charCodeAt(j))) j++;
  }
  if (j < to && (text.charCodeAt(j) | 32) === 101 /* e */) {
    j++;
    if (j < to && (text.charCodeAt(j) === 43 || text.charCodeAt(j) === 45)) j++;
    if (j >= to) return -1 - to;
    if (!isDigit(text.charCodeAt(j))) return -1 - j;
    while (j < to && isDigit(text.charCodeAt(j))) j++;
  }
  return j;
}

function scanLiteral(text: string, i: number, to: number, word: string): number {
  for (let k = 0; k < word.length; k++) {
    if (i + k >= to) return -1 - to;
    if (text.charCodeAt(i + k) !== word.charCodeAt(k)) return -1 - (i + k);
  }
  return i + word.length;
}

interface Attempt {
  /** End (exclusive) when valid, else -1. */
  end: number;
  /** Where the attempt stopped (end or failure index). */
  stop: number;
}

/**
 * One validating pass from `p` (an open bracket). Records, into `status`, the outcome of every
 * container it opened structurally: its end if it closed, FAILS if it was still open at the failure.
 */
function attempt(text: string, p: number, to: number, status: Int32Array): Attempt {
  const starts: number[] = [];
  const kinds: number[] = [];
  let state = VALUE;
  let i = p;
  const failAt = (f: number): Attempt => {
    for (const s of starts) status[s] = FAILS;
    return { end: -1, stop: f };
  };
  while (i < to) {
    const c = text.charCodeAt(i);
    if (isWhitespace(c)) {
      i++;
      continue;
    }
    switch (state) {
      case VALUE:
      case VALUE_OR_CLOSE:
      case KEY_OR_CLOSE:
      case KEY: {
        const isKey = state === KEY || state === KEY_OR_CLOSE;
        const mayClose = state === VALUE_OR_CLOSE || state === KEY_OR_CLOSE;
        if (mayClose && c === (isKey ? CLOSE_OBJECT : CLOSE_ARRAY)) break; // handled below as a close
        if (c === QUOTE) {
          const next = scanString(text, i, to);
          if (next < 0) return failAt(-1 - next);
          i = next;
          state = isKey ? AFTER_KEY : AFTER_VALUE;
          continue;
        }
        if (isKey) return failAt(i);
        if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
          starts.push(i);
          kinds.push(c);
          state = c === OPEN_OBJECT ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
          i++;
          continue;
        }
        let next: number;
        if (c === 45 || isDigit(c)) next = scanNumber(text, i, to);
        else if (c === 116) next = scanLiteral(text, i, to, 'true');
        else if (c === 102) next = scanLiteral(text, i, to, 'false');
        else if (c === 110) next = scanLiteral(text, i, to, 'null');
        else return failAt(i);
        if (next < 0) return failAt(-1 - next);
        i = next;
        state = AFTER_VALUE;
        continue;
      }
      case AFTER_KEY:
        if (c !== COLON) return failAt(i);
        state = VALUE;
        i++;
        continue;
      case AFTER_VALUE: {
        const kind = kinds[kinds.length - 1];
        if (c === COMMA) {
          state = kind === OPEN_OBJECT ? KEY : VALUE;
          i++;
          continue;
        }
        if (c !== (kind === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY)) return failAt(i);
        break; // a close
      }
    }
    // A container closes at i.
    const start = starts.pop()!;
    kinds.pop();
    status[start] = i + 1;
    i++;
    if (starts.length === 0) return { end: i, stop: i };
    state = AFTER_VALUE;
  }
  return failAt(to);
}

/**
 * The first complete JSON object or array in `text[from, to)`, or undefined. Linear time and
 * memory; never throws.
 */
export function findFirstJsonContainer(
  text: string,
  from = 0,
  to = text.length,
  stats?: ScanStats,
): JsonSpan | undefined {
  let status: Int32Array | undefined;
  for (let q = from; q < to; q++) {
    const c = text.charCodeAt(q);
    if (c !== OPEN_OBJECT && c !== OPEN_ARRAY) continue;
    status ??= new Int32Array(to + 1);
    const known = status[q];
    if (known > 0) return { start: q, end: known };
    if (known === FAILS) continue;
    const result = attempt(text, q, to, status);
    if (stats) stats.steps += result.stop - q + 1;
    if (result.end >= 0) return { start: q, end: result.end };
  }
  return undefined;
}
