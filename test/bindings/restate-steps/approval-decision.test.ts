// The turn's check of an awakeable's payload: only a well-formed decision for the waiting call
// with the turn's secret counts; any other bytes (not JSON, not an object, a field missing or of
// the wrong type, another call, another secret) are refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secretHash, validDecision } from '../../../bindings/restate/approval-decision.js';

const SECRET = 'the-turn-secret-1234';
const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

describe('validDecision', () => {
  it('accepts the well-formed decision for the waiting call with the secret', async () => {
    const hash = await secretHash(SECRET);
    expect(await validDecision(bytes({ callId: 'c1', approve: true, secret: SECRET }), 'c1', hash)).toEqual({
      callId: 'c1',
      approve: true,
    });
    expect(
      await validDecision(bytes({ callId: 'c1', approve: false, secret: SECRET, feedback: 'no' }), 'c1', hash),
    ).toEqual({ callId: 'c1', approve: false, feedback: 'no' });
  });

  it('refuses any other payload', async () => {
    const hash = await secretHash(SECRET);
    const good = { callId: 'c1', approve: true, secret: SECRET };
    const spoiled = fc.oneof(
      fc.constant<unknown>('not json'),
      fc.constant<unknown>(new Uint8Array([0xff, 0xfe])),
      fc.jsonValue().filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
      fc.constantFrom('callId', 'approve', 'secret').map((field) => {
        const { [field as keyof typeof good]: _, ...rest } = good;
        return rest;
      }),
      fc
        .string()
        .filter((s) => s !== 'c1')
        .map((callId) => ({ ...good, callId })),
      fc
        .string()
        .filter((s) => s !== SECRET)
        .map((secret) => ({ ...good, secret })),
      fc
        .jsonValue()
        .filter((v) => typeof v !== 'boolean')
        .map((approve) => ({ ...good, approve })),
      fc
        .jsonValue()
        .filter((v) => typeof v !== 'string' && v !== undefined && v !== null)
        .map((feedback) => ({ ...good, feedback })),
    );
    await fc.assert(
      fc.asyncProperty(spoiled, async (payload) => {
        const raw = payload instanceof Uint8Array ? payload : bytes(payload);
        expect(await validDecision(raw, 'c1', hash)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it('keeps only a SHA-256 of the secret', async () => {
    expect(await secretHash(SECRET)).toMatch(/^[0-9a-f]{64}$/);
    expect(await secretHash(SECRET)).not.toBe(await secretHash(`${SECRET}.`));
  });
});
