import { describe, expect, it } from 'vitest';
import { providerError } from '../../../src/wire/provider-error.js';

describe('providerError', () => {
  it.each([
    [{ message: 'boom', code: 'internal_error', type: 'server_error' }, true],
    [{ message: 'busy', type: 'overloaded_error' }, true],
    [{ message: 'slow down', code: 'rate_limit_exceeded' }, true],
    [{ message: 'upstream', code: 502 }, true],
    [{ message: 'bad', code: 'invalid_request_error', type: 'invalid_request_error' }, false],
    [{ message: 'nope', code: 400 }, false],
    ['plain text', false],
  ])('%j is retryable: %s', (error, retryable) => {
    const e = providerError(error, 'a stream chunk');
    expect(e.code).toBe('provider-error');
    expect(e.retryable).toBe(retryable);
    expect(e.message).toContain('a stream chunk');
  });

  it('keeps the provider message and code', () => {
    const e = providerError({ message: 'boom', code: 'internal_error', type: 'server_error' }, 'x');
    expect(e.providerMessage).toBe('boom');
    expect(e.providerCode).toBe('internal_error');
  });
});
