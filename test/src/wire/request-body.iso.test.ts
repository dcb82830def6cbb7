import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOB_BODY_CHARS, jsonPieces, requestBody } from '../../../src/wire/request-body.js';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('jsonPieces', () => {
  it('joined, is JSON.stringify of any JSON value, at any piece size, strings of any code units included', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'binary' }), fc.integer({ min: 1, max: 40 }), (value, size) => {
        expect(jsonPieces(value, size).join('')).toBe(JSON.stringify(value));
      }),
      { numRuns: 500 },
    );
  });

  it('never splits a surrogate pair, and leaves out what JSON leaves out', () => {
    const odd = {
      a: undefined,
      f: () => 1,
      list: [undefined, () => 1, Number.NaN],
      when: new Date(0),
      s: '😀'.repeat(9),
    };
    for (const size of [1, 2, 3, 5]) {
      const pieces = jsonPieces(odd, size);
      expect(pieces.join('')).toBe(JSON.stringify(odd));
      for (const piece of pieces) expect(LONE_SURROGATE.test(piece)).toBe(false);
    }
    expect(jsonPieces(undefined, 4)).toEqual([]);
  });

  it('keeps pieces near their size: a 3 MB string is cut, not copied whole into one piece', () => {
    const pieces = jsonPieces({ content: 'x'.repeat(3_000_000) }, 65_536);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(2 * 65_536 + 16);
    expect(pieces.join('').length).toBe(3_000_000 + '{"content":""}'.length);
  });
});

describe('requestBody', () => {
  it('is the JSON string below the limit and a Blob of the same JSON from it on', async () => {
    const small = { messages: [{ role: 'user', content: 'hi' }] };
    expect(requestBody(small)).toBe(JSON.stringify(small));
    const big = { messages: [{ role: 'user', content: `é😀"\n${'y'.repeat(BLOB_BODY_CHARS)}` }] };
    const body = requestBody(big);
    expect(body).toBeInstanceOf(Blob);
    expect((body as Blob).type).toBe('application/json');
    expect(await (body as Blob).text()).toBe(JSON.stringify(big));
    expect((body as Blob).size).toBe(new TextEncoder().encode(JSON.stringify(big)).length);
  });
});
