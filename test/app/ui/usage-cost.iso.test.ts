// The cost of tokens at a price: runs in Node and in Chromium (the page may show it too).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCost, usageCost } from '../../../app/ui/usage-cost.js';

describe('usageCost', () => {
  it('prices prompt tokens at the input price and reply tokens at the output price', () => {
    expect(
      usageCost({ promptTokens: 10_000, completionTokens: 500 }, { inputPerMillion: 0.4, outputPerMillion: 1.6 }),
    ).toEqual({ dollars: 0.0048, estimated: false });
    expect(
      usageCost(
        { promptTokens: 1_000_000, completionTokens: 1_000_000, estimated: true },
        { inputPerMillion: 1, outputPerMillion: 5 },
      ),
    ).toEqual({ dollars: 6, estimated: true });
  });

  it('formats dollars for people, marking estimates', () => {
    expect(formatCost({ dollars: 0, estimated: false })).toBe('$0');
    expect(formatCost({ dollars: 0.00001, estimated: false })).toBe('<$0.0001');
    expect(formatCost({ dollars: 0.00123, estimated: true })).toBe('~$0.0012');
    expect(formatCost({ dollars: 12.345, estimated: false })).toBe('$12.35');
  });

  it('grows with every token and is never negative (property)', () => {
    const count = fc.integer({ min: 0, max: 10_000_000 });
    const price = fc.double({ min: 0, max: 100, noNaN: true });
    fc.assert(
      fc.property(count, count, price, price, (p, c, i, o) => {
        const base = usageCost(
          { promptTokens: p, completionTokens: c },
          { inputPerMillion: i, outputPerMillion: o },
        ).dollars;
        expect(base).toBeGreaterThanOrEqual(0);
        expect(
          usageCost({ promptTokens: p + 1, completionTokens: c + 1 }, { inputPerMillion: i, outputPerMillion: o })
            .dollars,
        ).toBeGreaterThanOrEqual(base);
      }),
    );
  });
});
