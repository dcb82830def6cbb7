import { describe, expect, it } from 'vitest';
import { describeError } from '../../../src/wire/describe-error.js';
import { parseRetryAfter, retryAfterFromHeaders } from '../../../src/wire/retry-after.js';
import { createChatClient } from '../../../src/wire/chat-client.js';
import { collect } from '../../support/wire-fixtures.js';

describe('Retry-After', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads delay-seconds and HTTP dates; anything else is undefined', () => {
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:45 GMT', now)).toBe(45_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0); // in the past: no wait
    for (const bad of [null, undefined, '', '-5', 'soon', '1e3']) expect(parseRetryAfter(bad, now)).toBeUndefined();
  });

  it('prefers retry-after-ms (OpenAI) over Retry-After', () => {
    expect(retryAfterFromHeaders(new Headers({ 'retry-after-ms': '250', 'retry-after': '1' }))).toBe(250);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': '1' }))).toBe(1000);
    expect(retryAfterFromHeaders(new Headers())).toBeUndefined();
    expect(retryAfterFromHeaders(undefined)).toBeUndefined();
  });
});

describe('network errors say why', () => {
  it('follows the cause chain and AggregateErrors, naming the error code', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect(describeError(new TypeError('fetch failed', { cause: refused }))).toBe(
      'fetch failed: connect ECONNREFUSED 127.0.0.1:9',
    );
    const both = new AggregateError([Object.assign(new Error(''), { code: 'ECONNREFUSED' }), refused]);
    expect(describeError(new TypeError('fetch failed', { cause: both }))).toContain('ECONNREFUSED');
    const tls = Object.assign(new Error('unable to verify the first certificate'), {
      code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
    expect(describeError(new TypeError('fetch failed', { cause: tls }))).toBe(
      'fetch failed: unable to verify the first certificate [UNABLE_TO_VERIFY_LEAF_SIGNATURE]',
    );
    expect(describeError('plain')).toBe('plain');
    const loop: Error & { cause?: unknown } = new Error('a');
    loop.cause = loop;
    expect(describeError(loop)).toBe('a');
  });

  it("the client's 'network' error carries the cause in its message", async () => {
    const cause = Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' });
    const client = createChatClient({
      baseURL: 'http://nowhere.invalid/v1',
      fetch: () => Promise.reject(new TypeError('fetch failed', { cause })),
    });
    const { error } = await collect(client.stream({ model: 'm', messages: [] }));
    expect(error).toMatchObject({ code: 'network', retryable: true });
    expect(error?.message).toContain('fetch failed: getaddrinfo ENOTFOUND nowhere.invalid');
    await expect(client.complete({ model: 'm', messages: [] })).rejects.toThrow(/ENOTFOUND/);
  });
});
