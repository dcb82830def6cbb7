// Retry-After: a server's wait replaces the scheduled retry delay when longer, capped by
// retry.maxRetryAfterMs; the view exposes the wait, the CLI's status line counts it down.
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { createAgentTurnActor } from '../../machines/machine/agent-turn-actor.js';
import { retryWaitFor } from '../../machines/machine/retry-wait.js';
import { selectView } from '../../machines/view/select-view.js';
import { retryingLabel } from '../../app/cli/display/status-line.js';
import { retryPhrase } from '../../app/web/conversation/status-text.js';
import { ChatError } from '../../src/wire/errors.js';
import { createChatClient } from '../../src/wire/index.js';
import type { FetchLike } from '../../src/wire/types.js';
import { createScriptedModel } from '../../scripted/index.js';

const DONE = '<attempt_completion>\n<result>ok</result>\n</attempt_completion>';

/** 429 with the given headers on the first request, then the completion (the scripted model as a mock). */
function rateLimitedOnce(headers: Record<string, string>): FetchLike {
  return createScriptedModel({
    pace: 0,
    replies: [
      { error: { status: 429, message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded', headers } },
      DONE,
    ],
  });
}

function actorFor(fetch: FetchLike, retry: { delaysMs: number[]; maxRetryAfterMs?: number }) {
  const client = createChatClient({ baseURL: 'http://retry.invalid/v1', fetch });
  return createAgentTurnActor({
    client,
    model: 'm',
    messages: [
      { role: 'system', content: 's' },
      { role: 'user', content: 'go' },
    ],
    retry,
  }).start();
}

describe('retryWaitFor', () => {
  const options = { retryDelaysMs: [2000, 4000, 8000], maxRetryAfterMs: 60_000 };
  const limited = (ms: number | undefined) => new ChatError('http', '429', { status: 429, retryAfterMs: ms });

  it('keeps the scheduled delay without a Retry-After, or with a shorter one', () => {
    expect(retryWaitFor(options, 1, limited(undefined), 1000)).toEqual({ delayMs: 2000, at: 3000 });
    expect(retryWaitFor(options, 2, limited(1500), 1000)).toEqual({ delayMs: 4000, at: 5000 });
  });

  it('waits what the server asked when longer (Retry-After: 30 waits 30 s, not 2)', () => {
    expect(retryWaitFor(options, 1, limited(30_000), 0)).toEqual({ delayMs: 30_000, at: 30_000, retryAfterMs: 30_000 });
  });

  it('caps a long Retry-After at maxRetryAfterMs, never below the scheduled delay', () => {
    expect(retryWaitFor(options, 1, limited(3_600_000), 0)).toEqual({
      delayMs: 60_000,
      at: 60_000,
      retryAfterMs: 3_600_000,
    });
    expect(retryWaitFor({ ...options, maxRetryAfterMs: 1000 }, 1, limited(5000), 0).delayMs).toBe(2000);
  });
});

describe('the machine honours Retry-After', () => {
  it("waits the server's retry-after-ms instead of the scheduled 0 ms, and shows the wait", async () => {
    const actor = actorFor(rateLimitedOnce({ 'retry-after-ms': '150' }), { delaysMs: [0] });
    const retrying = await waitFor(actor, (s) => s.hasTag('retrying'));
    const view = selectView(retrying);
    expect(view.retry).toMatchObject({ attempt: 1, delayMs: 150, retryAfterMs: 150 });
    expect(view.retry!.at - Date.now()).toBeGreaterThan(0);
    expect(view.retry!.at - Date.now()).toBeLessThanOrEqual(150);
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output?.reason).toBe('completed');
    expect(done.output?.requests[0].error).toMatchObject({ code: 'http', status: 429, retryAfterMs: 150 });
    expect(selectView(done).retry).toBeUndefined();
  });

  it('caps the wait with retry.maxRetryAfterMs (Retry-After: 30 s, capped at 20 ms)', async () => {
    const actor = actorFor(rateLimitedOnce({ 'retry-after': '30' }), { delaysMs: [0], maxRetryAfterMs: 20 });
    const view = selectView(await waitFor(actor, (s) => s.hasTag('retrying')));
    expect(view.retry).toMatchObject({ delayMs: 20, retryAfterMs: 30_000 });
    expect((await waitFor(actor, (s) => s.status === 'done')).output?.reason).toBe('completed');
  });

  it('the CLI and the page say how long the wait is', () => {
    const retry = { attempt: 1, delayMs: 30_000, at: 100_000, retryAfterMs: 30_000 };
    expect(retryingLabel({ retry }, 70_000)).toBe('retrying in 30 s (the server asked to wait)');
    expect(retryingLabel({ retry: { ...retry, retryAfterMs: undefined } }, 98_500)).toBe('retrying in 2 s');
    expect(retryPhrase({ retry }, 71_000)).toBe('Retrying in 29 s (the server asked to wait)');
    expect(retryingLabel({}, 0)).toBe('retrying');
  });
});
