// The chat actor begins its request in the flush scheduler's next slice (flush-scheduler.ts): a turn
// stopped before then makes no request at all, and one that goes on makes exactly one.
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { createAgentTurnActor } from '../../machines/machine/agent-turn-actor.js';
import { createChatClient } from '../../src/wire/chat-client.js';
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

describe('the batches the chat actor sends', () => {
  const enc = new TextEncoder();
  const sseText = (...texts: string[]) =>
    texts.map((t) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: t } }] })}\n\n`).join('');
  const COMPLETE = `${sseText('<attempt_completion><result>ok</result></attempt_completion>')}data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;

  it('the events of one read reach the machine together, as soon as that read is decoded, and no batch is empty', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const client = createChatClient({
      baseURL: 'http://test.invalid/v1',
      fetch: async () => {
        const first = calls++ === 0;
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            if (!first) {
              controller.enqueue(enc.encode(COMPLETE));
              controller.close();
              return;
            }
            controller.enqueue(enc.encode(sseText('Alpha ', 'beta ', 'gamma ')));
            await held;
            controller.enqueue(enc.encode(COMPLETE));
            controller.close();
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      },
    });
    const batches: number[] = [];
    const shown: string[] = [];
    const actor = createAgentTurnActor({
      client,
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      actorOptions: {
        inspect: (e) => {
          if (e.type === '@xstate.event' && e.event.type === 'CHAT.CHUNKS') batches.push(e.event.events.length);
        },
      },
    });
    actor.subscribe((s) => {
      const text = s.context.blocks.map((b) => (b.type === 'text' ? b.content : '')).join('');
      if (text !== '' && text !== shown.at(-1)) shown.push(text);
    });
    const done = toPromise(actor);
    actor.start();
    for (let i = 0; i < 100 && shown.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    // Shown while the rest of the reply is still held back: the whole read at once, never a part of it.
    expect(shown).toEqual(['Alpha beta gamma']);
    expect(batches).toEqual([3]);
    release();
    expect((await done).reason).toBe('completed');
    expect(batches.every((n) => n > 0)).toBe(true);
  });
});
