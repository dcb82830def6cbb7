// Where a value ends: the one close tag the value waits for (`</path>`, `</think>`), found with
// indexOf, so a value's content costs one native search however many '<' it holds.

/**
 * Where an unfinished `closeTag` may start at the very end of `input` (searching from `from`),
 * or -1 when the input ends in plain content. Only the last closeTag.length - 1 characters can
 * start one.
 */
export function unfinishedCloseAt(input: string, from: number, closeTag: string): number {
  const len = input.length;
  const first = closeTag.charAt(0); // '<', or '[' for Magistral's [/THINK]
  let k = input.indexOf(first, Math.max(from, len - closeTag.length + 1));
  while (k !== -1) {
    let m = 1; // compare in place: a slice per '<' would allocate on every chunk
    // No bound needed: past the end of either string charCodeAt gives NaN, which equals nothing.
    while (input.charCodeAt(k + m) === closeTag.charCodeAt(m)) m++;
    if (k + m === len) return k;
    k = input.indexOf(first, k + 1);
  }
  return -1;
}

/**
 * The earliest of `closes` (each starting with '<') in `input` from `from`: its index, with `which`
 * set to it; -1 when none. One pass over the '<' characters up to the match: searching for each
 * close in turn would read to the input's end for every close that never comes.
 */
export function earliestClose(
  input: string,
  from: number,
  closes: readonly string[],
  found: { which: string },
): number {
  if (closes.length === 1) {
    found.which = closes[0]!;
    return input.indexOf(closes[0]!, from);
  }
  // a construct without closes (Mistral's calls) runs to the reply's end
  if (closes.length === 0) return -1;
  for (let at = input.indexOf('<', from); at !== -1; at = input.indexOf('<', at + 1)) {
    for (const close of closes) {
      if (input.startsWith(close, at)) {
        found.which = close;
        return at;
      }
    }
  }
  return -1;
}

/** The earliest place where any of `closes` may start unfinished at the end of `input`, or -1. */
export function unfinishedAnyCloseAt(input: string, from: number, closes: readonly string[]): number {
  let best = -1;
  for (const close of closes) {
    const at = unfinishedCloseAt(input, from, close);
    if (at !== -1 && (best === -1 || at < best)) best = at;
  }
  return best;
}
