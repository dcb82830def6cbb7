// Where a value ends: the one close tag the value waits for (`</path>`, `</think>`), found with
// indexOf, so a value's content costs one native search however many '<' it holds.

/**
 * Where an unfinished `closeTag` may start at the very end of `input` (searching from `from`),
 * or -1 when the input ends in plain content. Only the last closeTag.length - 1 characters can
 * start one.
 */
export function unfinishedCloseAt(input: string, from: number, closeTag: string): number {
  const len = input.length;
  let k = input.indexOf('<', Math.max(from, len - closeTag.length + 1));
  while (k !== -1) {
    let m = 1; // compare in place: a slice per '<' would allocate on every chunk
    // No bound needed: past the end of either string charCodeAt gives NaN, which equals nothing.
    while (input.charCodeAt(k + m) === closeTag.charCodeAt(m)) m++;
    if (k + m === len) return k;
    k = input.indexOf('<', k + 1);
  }
  return -1;
}
