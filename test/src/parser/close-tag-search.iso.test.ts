// Where a value's input may end inside its close tag: the first position from which the rest of
// the input is a proper prefix of the close tag (`</pa` of `</path>`), never earlier than asked.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unfinishedCloseAt } from '../../../src/parser/scan/close-tag-search.js';

/** The definition, the slow way. */
function reference(input: string, from: number, closeTag: string): number {
  for (let k = from; k < input.length; k++) {
    const rest = input.slice(k);
    if (rest.length < closeTag.length && closeTag.startsWith(rest)) return k;
  }
  return -1;
}

describe('unfinishedCloseAt', () => {
  it('finds where an unfinished close tag starts at the end of the input', () => {
    expect(unfinishedCloseAt('abc</pa', 0, '</path>')).toBe(3);
    expect(unfinishedCloseAt('abc<', 0, '</path>')).toBe(3);
    expect(unfinishedCloseAt('abc</path', 0, '</path>')).toBe(3);
    expect(unfinishedCloseAt('a</p</pa', 0, '</path>')).toBe(4);
  });

  it('is -1 when the input ends in plain content, in another tag, or holds the whole close tag', () => {
    expect(unfinishedCloseAt('abc', 0, '</path>')).toBe(-1);
    expect(unfinishedCloseAt('abc</px', 0, '</path>')).toBe(-1);
    expect(unfinishedCloseAt('abc</path>', 0, '</path>')).toBe(-1);
    expect(unfinishedCloseAt('</path', 0, '</path>')).toBe(0);
  });

  it('never answers before `from`', () => {
    expect(unfinishedCloseAt('ab</pa', 3, '</path>')).toBe(-1);
    expect(unfinishedCloseAt('<', 1, '</path>')).toBe(-1);
    expect(unfinishedCloseAt('<', 0, '</path>')).toBe(0);
  });

  it('equals its definition for any input', () => {
    const chars = fc.constantFrom('<', '/', 'p', 'a', 't', 'h', '>', 'x');
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 14 }).map((c) => c.join('')),
        fc.nat(16),
        fc.constantFrom('</path>', '</p>', '</think>'),
        (input, from, closeTag) => {
          expect(unfinishedCloseAt(input, from, closeTag)).toBe(reference(input, from, closeTag));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
