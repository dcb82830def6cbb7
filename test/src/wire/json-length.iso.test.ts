import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonLength } from '../../../src/wire/json-length.js';

const anyString = fc.string({ unit: 'binary' }); // lone surrogates and controls included

describe('jsonLength', () => {
  it('is the length of JSON.stringify for any JSON value, strings of any code units included', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'binary' }), (value) => {
        expect(jsonLength(value)).toBe(JSON.stringify(value).length);
      }),
      { numRuns: 500 },
    );
  });

  it('counts what JSON leaves out or rewrites as JSON.stringify does', () => {
    fc.assert(
      fc.property(anyString, (text) => {
        expect(jsonLength(text)).toBe(JSON.stringify(text).length);
      }),
    );
    const odd = {
      gone: undefined,
      fn: () => 1,
      list: [undefined, () => 1, Number.NaN, -0, 1e21, Number.POSITIVE_INFINITY],
      when: new Date(0),
      nested: { a: '"\\\u0000\u001f\u007f\ud800x\udc00\ud83d\ude00' },
    };
    expect(jsonLength(odd)).toBe(JSON.stringify(odd).length);
    expect(jsonLength(undefined)).toBe(0);
    expect(jsonLength([])).toBe(2);
    expect(jsonLength({})).toBe(2);
    expect(() => jsonLength(1n)).toThrow();
  });
});
