import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJsonLoose, splitThinkPrefix } from '../../../src/structured/parse-json-loose.js';
import { findFirstJsonContainer, type ScanStats } from '../../../src/structured/find-json-container.js';

/** The definition, the slow way: the smallest start at which JSON.parse accepts some container. */
function naiveFirstContainer(text: string): { start: number; end: number } | undefined {
  for (let s = 0; s < text.length; s++) {
    if (text[s] !== '{' && text[s] !== '[') continue;
    for (let e = s + 1; e < text.length; e++) {
      if (text[e] !== '}' && text[e] !== ']') continue;
      try {
        JSON.parse(text.slice(s, e + 1));
        return { start: s, end: e + 1 };
      } catch {
        // not this end
      }
    }
  }
  return undefined;
}

const jsonish = fc.string({ unit: fc.constantFrom(...'{}[]",:\\ 0a1-etrufnl'.split('')), maxLength: 28 });

function steps(text: string): number {
  const stats: ScanStats = { steps: 0 };
  findFirstJsonContainer(text, 0, text.length, stats);
  return stats.steps;
}

describe('findFirstJsonContainer', () => {
  it('agrees with the quadratic definition on JSON-ish strings', () => {
    fc.assert(
      fc.property(jsonish, (text) => {
        expect(findFirstJsonContainer(text)).toEqual(naiveFirstContainer(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('scans each character a bounded number of times (linear work)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'{}[]",:\\ 0a'.split('')), maxLength: 400 }), (text) => {
        expect(steps(text)).toBeLessThanOrEqual(3 * text.length + 3);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('parseJsonLoose', () => {
  it('parses plain JSON, scalars included', () => {
    expect(parseJsonLoose('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonLoose('  [1, 2]\n')).toEqual([1, 2]);
    expect(parseJsonLoose('42')).toBe(42);
    expect(parseJsonLoose('null')).toBeNull();
  });

  it('strips <think> prefixes, code fences and prose', () => {
    expect(parseJsonLoose('<think>the user wants {"x": 0}</think>\n{"name":"Ada"}')).toEqual({ name: 'Ada' });
    expect(parseJsonLoose('<think>a</think><think>b</think>{"n":2}')).toEqual({ n: 2 });
    expect(parseJsonLoose('Here is the result:\n\n```json\n{"name": "Ada", "age": 36}\n```\n\nAnything else?')).toEqual(
      { name: 'Ada', age: 36 },
    );
    expect(parseJsonLoose('I considered [1, 2] first.\n```json\n{"final": true}\n```')).toEqual({ final: true });
    expect(parseJsonLoose('```\n7\n```')).toBe(7);
    expect(parseJsonLoose('Sure! {"a": {"b": [1, {"c": null}]}} hope that helps')).toEqual({
      a: { b: [1, { c: null }] },
    });
    expect(parseJsonLoose('use {braces} like {"ok": 1}')).toEqual({ ok: 1 });
    expect(parseJsonLoose('cut fence ```json\n{"a": 1}')).toEqual({ a: 1 });
  });

  it('returns undefined when there is no value, or the think block never closed', () => {
    expect(parseJsonLoose('The name is Ada and she is 36.')).toBeUndefined();
    expect(parseJsonLoose('<think>{"a":1}')).toBeUndefined();
    expect(parseJsonLoose('')).toBeUndefined();
    expect(parseJsonLoose('{"a": 1,}')).toBeUndefined();
    expect(parseJsonLoose(undefined as unknown as string)).toBeUndefined();
  });

  it('on arbitrary strings answers undefined or a JSON value found in the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), jsonish), (text) => {
        const value = parseJsonLoose(text);
        if (value === undefined) {
          // nothing JSON.parse accepts as a whole (a lone `[]` or `{}` would have been found)
          expect(() => JSON.parse(text)).toThrow();
          return;
        }
        // a JSON value (compared as JSON text: -0 reads back as 0)
        const json = JSON.stringify(value);
        expect(json).toEqual(expect.any(String));
        expect(JSON.stringify(JSON.parse(json))).toBe(json);
        const { rest } = splitThinkPrefix(text);
        const whole = (() => {
          try {
            return { json: JSON.stringify(JSON.parse(rest)) };
          } catch {
            return undefined;
          }
        })();
        if (whole !== undefined) expect(json).toBe(whole.json);
      }),
      { numRuns: 2000 },
    );
  });

  it('finds a value embedded in prose', () => {
    const prose = fc.string({ unit: fc.constantFrom(...'abc xyz.,:!?\n-12'.split('')), maxLength: 30 });
    const container = fc.oneof(
      fc.array(fc.jsonValue({ maxDepth: 3 })),
      fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })),
    );
    fc.assert(
      fc.property(prose, container, prose, fc.boolean(), (before, value, after, fenced) => {
        const json = JSON.stringify(value);
        const text = fenced ? `${before}\n\`\`\`json\n${json}\n\`\`\`\n${after}` : `${before}${json}${after}`;
        expect(parseJsonLoose(text)).toEqual(JSON.parse(json));
      }),
      { numRuns: 1000 },
    );
  });

  describe('adversarial 200k-character inputs: right answer, linear work', () => {
    const N = 200_000;
    const cases: Array<[string, string, unknown]> = [
      ['deep unclosed [[[[', '['.repeat(N), undefined],
      ['many {"a":', '{"a":'.repeat(N / 5), undefined],
      ['many {"a": then a value', '{"a":'.repeat(N / 5) + ' {"ok":true} ', { ok: true }],
      ['unbalanced quotes', '"'.repeat(N), undefined],
      ['unbalanced quotes then a value', 'say "'.repeat(N / 5) + '{"a":1}', { a: 1 }],
      ['open string full of brackets', '["' + '['.repeat(N), undefined],
      ['{" pairs', '{"'.repeat(N / 2), undefined],
      ['both quote parities valid', '["[",' + '",",'.repeat(N / 4), undefined],
      ['deep with junk in the middle', '['.repeat(N / 2) + 'x' + ']'.repeat(N / 2), undefined],
      ['deep then a small value', '['.repeat(N / 2) + ' [1] ', [1]],
    ];
    for (const [name, text, expected] of cases) {
      it(name, () => {
        expect(parseJsonLoose(text)).toEqual(expected);
        expect(steps(text)).toBeLessThanOrEqual(3 * text.length + 3);
      });
    }

    it('a valid 100k-deep array is returned whole', () => {
      let value = parseJsonLoose('prose ' + '['.repeat(N / 2) + ']'.repeat(N / 2)) as unknown[];
      let depth = 0;
      while (Array.isArray(value) && value.length > 0) {
        value = value[0] as unknown[];
        depth++;
      }
      expect(depth).toBe(N / 2 - 1);
    });
  });
});

describe('splitThinkPrefix', () => {
  it('separates reasoning from the answer', () => {
    expect(splitThinkPrefix('\n<think> hmm </think>\n\n{"a":1}')).toEqual({
      reasoning: 'hmm',
      rest: '{"a":1}',
      closed: true,
    });
    expect(splitThinkPrefix('no think')).toEqual({ reasoning: '', rest: 'no think', closed: true });
    expect(splitThinkPrefix('<think>cut')).toEqual({ reasoning: 'cut', rest: '', closed: false });
  });
});
