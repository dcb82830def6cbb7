// The value builders, fed any text cut anywhere: a trimmed value always equals `.trim()` of all
// text so far; a raw value keeps everything but one leading and one trailing line break.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createRawBuilder,
  createTrimmedBuilder,
  isWhitespace,
  type ValueBuilder,
} from '../../../src/parser/text-builders.js';

/** Appends `text` cut at `cuts`, each piece as a slice of a larger string (from/to not at its ends). */
function feed(builder: ValueBuilder, text: string, cuts: number[], after: (soFar: string) => void) {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const to of [...points, text.length]) {
    if (to < from) continue;
    const padded = `<<${text}>>`;
    builder.append(padded, from + 2, to + 2);
    after(text.slice(0, to));
    from = to;
  }
}

/** The raw rule: one leading and one trailing line break (\r\n, \n or \r) dropped. */
const rawValue = (s: string) => s.replace(/^(\r\n|\n|\r)/, '').replace(/(\r\n|\n|\r)$/, '');

const pieces = fc.constantFrom('a', 'b c', ' ', '\t', '\n', '\r', '\r\n', '\u00a0', '\u3000', '\ufeff', 'é', '😀');
const textArb = fc.array(pieces, { maxLength: 12 }).map((p) => p.join(''));
const cutsArb = fc.array(fc.nat(40), { maxLength: 8 });

describe('isWhitespace', () => {
  it('is true for exactly the code units String.prototype.trim removes', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const trims = String.fromCharCode(c).trim() === '';
      if (isWhitespace(c) !== trims)
        expect(`${c.toString(16)}: ${isWhitespace(c)}`).toBe(`${c.toString(16)}: ${trims}`);
    }
  });
});

describe('trimmed builder', () => {
  it('after every append the value is the text so far, trimmed', () => {
    fc.assert(
      fc.property(textArb, cutsArb, (text, cuts) => {
        const b = createTrimmedBuilder();
        feed(b, text, cuts, (soFar) => expect(b.value).toBe(soFar.trim()));
      }),
      { numRuns: 500 },
    );
  });

  it('an empty append or one of whitespace alone adds nothing yet', () => {
    const b = createTrimmedBuilder();
    b.append('  ', 0, 2);
    b.append('x', 0, 0);
    expect(b.value).toBe('');
    b.append('a  ', 0, 3);
    b.append('', 0, 0);
    expect(b.value).toBe('a');
    b.append('b', 0, 1);
    expect(b.value).toBe('a  b');
  });
});

describe('raw builder', () => {
  it('after every append the value is the text so far without one leading and one trailing line break', () => {
    fc.assert(
      fc.property(textArb, cutsArb, (text, cuts) => {
        const b = createRawBuilder();
        feed(b, text, cuts, (soFar) => expect(JSON.stringify(b.value)).toBe(JSON.stringify(rawValue(soFar))));
      }),
      { numRuns: 500 },
    );
  });

  it('a \r\n split between appends is one line break, at the start and at the end', () => {
    const b = createRawBuilder();
    for (const piece of ['\r', '\n', 'x', '\r', '\n']) b.append(piece, 0, piece.length);
    expect(b.value).toBe('x');
    b.append('y', 0, 1);
    expect(b.value).toBe('x\r\ny');
  });

  it('keeps every other whitespace: spaces, tabs and a second line break', () => {
    const b = createRawBuilder();
    const text = '\n\n  a\t \n\n';
    b.append(text, 0, text.length);
    expect(b.value).toBe('\n  a\t \n');
  });
});
