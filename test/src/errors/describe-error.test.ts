// describeError: an error's message, else the thrown value as a string.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeError } from '../../../src/errors/describe-error.js';

describe('describeError', () => {
  it('gives an Error its message, a string itself, an object its message or its string', () => {
    expect(describeError(new TypeError('bad input'))).toBe('bad input');
    expect(describeError('it broke')).toBe('it broke');
    expect(describeError({ message: 'from a plain object' })).toBe('from a plain object');
    expect(describeError({ message: 42 })).toBe('[object Object]');
    expect(describeError({ code: 'x' })).toBe('[object Object]');
    expect(describeError(undefined)).toBe('undefined');
    expect(describeError(null)).toBe('null');
    expect(describeError(7)).toBe('7');
  });

  it('is the message of any Error and the text of any string', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(describeError(new Error(text))).toBe(text);
        expect(describeError(text)).toBe(text);
      }),
    );
  });
});
