// The body of one JSON string, decoded as its characters arrive: plain runs are sliced whole,
// escapes decoded once, and an escape cut between two deltas is carried to the next one.

/** An unfinished escape sequence carried across deltas ('' when none; else it starts with '\\'). */
export interface PendingEscape {
  text: string;
}

/** {@link readStringBody}'s index when the body holds an escape that JSON does not have. */
export const BAD_ESCAPE = -2;

const HEX = /^[0-9a-fA-F]{4}$/;

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

/**
 * Reads a string body of `s` from `i`, appending the decoded text to `out`. Answers the index
 * after the closing quote (or -1 when `s` ended first, or {@link BAD_ESCAPE}) and the text.
 */
export function readStringBody(pending: PendingEscape, s: string, i: number, out: string): [number, string] {
  let runStart = i;
  const n = s.length;
  while (i < n) {
    if (pending.text !== '') {
      const sequence = pending.text + s[i++];
      pending.text = sequence;
      if (sequence.length === 2) {
        const simple = SIMPLE_ESCAPES[sequence[1]];
        if (simple !== undefined) {
          out += simple;
          pending.text = '';
        } else if (sequence[1] !== 'u') return [BAD_ESCAPE, out];
      } else if (sequence.length === 6) {
        const hex = sequence.slice(2);
        if (!HEX.test(hex)) return [BAD_ESCAPE, out];
        out += String.fromCharCode(parseInt(hex, 16));
        pending.text = '';
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
      pending.text = '\\';
      i++;
      runStart = i;
      continue;
    }
    i++;
  }
  out += s.slice(runStart, i);
  return [-1, out];
}
