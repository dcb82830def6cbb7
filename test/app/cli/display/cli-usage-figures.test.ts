import { describe, expect, it } from 'vitest';
import { priceFor, usageFigures } from '../../../../app/cli/display/usage-figures.js';
import { ModelProfileError, registerModelProfile } from '../../../../src/profiles/index.js';

describe('priceFor', () => {
  it("takes the profile's list price for a real model, matched by name or prefix", () => {
    expect(priceFor({ model: 'gpt-4.1-mini' })).toEqual({ inputPerMillion: 0.4, outputPerMillion: 1.6 });
    expect(priceFor({ model: 'openai/gpt-4.1-mini-2025-04-14' })).toEqual({
      inputPerMillion: 0.4,
      outputPerMillion: 1.6,
    });
    expect(priceFor({ model: 'claude-haiku-4-5' })).toEqual({ inputPerMillion: 1, outputPerMillion: 5 });
  });

  it('leaves the cost unknown where no price is known, and for the scripted model unless given', () => {
    expect(priceFor({ model: 'qwen3:8b' })).toBeUndefined();
    expect(priceFor({ model: 'scripted:gpt-4.1-mini' })).toBeUndefined();
    expect(priceFor({ model: 'scripted', priceInput: 1 })).toBeUndefined();
    expect(priceFor({ model: 'scripted', priceInput: 1, priceOutput: 2 })).toEqual({
      inputPerMillion: 1,
      outputPerMillion: 2,
    });
  });

  it('lets a given price override one half of the list price', () => {
    expect(priceFor({ model: 'gpt-4.1-mini', priceOutput: 3 })).toEqual({ inputPerMillion: 0.4, outputPerMillion: 3 });
  });
});

describe('usageFigures', () => {
  it('says in, out, reasoning and cost; marks estimates', () => {
    const price = { inputPerMillion: 1, outputPerMillion: 2 };
    expect(
      usageFigures({ promptTokens: 1000, completionTokens: 50, totalTokens: 1050, reasoningTokens: 12 }, price),
    ).toBe('1000 in · 50 out · 12 reasoning · $0.0011');
    expect(
      usageFigures({ promptTokens: 1000, completionTokens: 50, totalTokens: 1050, estimated: true }, undefined),
    ).toBe('~1000 in · ~50 out, estimated');
  });
});

describe('profile prices', () => {
  it('registerModelProfile refuses a price that is not two amounts of at least 0', () => {
    const base = {
      id: 'priced-test',
      reasoning: 'none',
      inactiveKey: 'absent',
      structured: { jsonSchema: 'unknown', jsonObject: true },
    } as const;
    expect(() => registerModelProfile({ ...base, price: { inputPerMillion: -1, outputPerMillion: 1 } })).toThrow(
      ModelProfileError,
    );
    expect(() => registerModelProfile({ ...base, price: { inputPerMillion: 1 } as never })).toThrow(
      /price needs inputPerMillion and outputPerMillion/,
    );
    expect(registerModelProfile({ ...base, price: { inputPerMillion: 0.5, outputPerMillion: 1 } }).price).toEqual({
      inputPerMillion: 0.5,
      outputPerMillion: 1,
    });
  });
});
