// The chat actor begins its request in the flush scheduler's next slice (flush-scheduler.ts): a turn
// stopped before then makes no request at all, and one that goes on makes exactly one.
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { createAgentTurnActor } from '../../machines/agent-turn-actor.js';
import type { ChatClient, ChatStreamEvent } from '../../src/wire/types.js';

function countingClient(): ChatClient & { calls: number } {
  const client = {
    calls: 0,
    async *stream(): AsyncGenerator<ChatStreamEvent> {
      client.calls++;
      yield { type: 'text', text: '<attempt_completion><result>ok</result></attempt_completion>' };
      yield { type: 'finish', reason: 'stop' };
    },
    complete: async () => {
      throw new Error('not used');
    },
  };
  return client;
}

describe('the chat actor', () => {
  it('makes no request for a turn aborted before its request began', async () => {
    const client = countingClient();
    const actor = createAgentTurnActor({ client, model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    const done = toPromise(actor);
    actor.start();
    actor.send({ type: 'ABORT' });
    const out = await done;
    await new Promise((resolve) => setTimeout(resolve, 10)); // past the slice the request would have begun in
    expect(out.reason).toBe('aborted');
    expect(client.calls).toBe(0);
  });

  it('makes exactly one request per reply when the turn goes on', async () => {
    const client = countingClient();
    const actor = createAgentTurnActor({ client, model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    const done = toPromise(actor);
    actor.start();
    expect(client.calls).toBe(0); // begun in a later task, not during start()
    const out = await done;
    expect(out.reason).toBe('completed');
    expect(out.result).toBe('ok');
    expect(client.calls).toBe(1);
  });
});
