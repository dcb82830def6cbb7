// What an inspector receives stays bounded (issue 33, point 4): Stately's inspector serialises a
// snapshot for every event, and the context used to hold the whole growing reply (its text, its
// blocks, the parser's state), so a turn's inspection JSON grew with the square of the reply. Now
// the context, the actors' inputs and the turn's input serialise as bounded summaries
// (machines/machine/inspection-summary.ts): the stream's deltas arrive once in their events and
// once in the snapshot that follows, and every event costs a bounded amount on top.
// bench/inspection.bench.ts prints the figures for a 1 MB write.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { agentTurnMachine } from '../../machines/index.js';
import { summariseValue } from '../../machines/machine/inspection-summary.js';
import { inspectBigWriteTurn, inspectFourRequestTurn } from '../support/inspection-bytes.js';
import { createScriptedClient, reply } from '../support/scripted-client.js';

/** The most any one inspection event may cost beyond the streamed text it carries. */
const PER_EVENT = 3 * 1024;

describe('inspection of a turn', () => {
  it('a four-request turn: within twice the streamed text plus a bounded amount per event', async () => {
    const m = await inspectFourRequestTurn();
    expect(m.events).toBeGreaterThan(50); // every chunk an event of its own
    expect(m.total).toBeLessThanOrEqual(2 * m.streamed + PER_EVENT * m.events);
  });

  it('a file write: linear in the reply, not a copy of the reply per chunk', async () => {
    const small = await inspectBigWriteTurn(16 * 1024);
    const large = await inspectBigWriteTurn(64 * 1024);
    for (const m of [small, large]) expect(m.total).toBeLessThanOrEqual(2 * m.streamed + PER_EVENT * m.events);
    // Four times the reply: about four times the bytes (a copy per chunk would be sixteen times).
    expect(large.total / small.total).toBeLessThan(4.5);
    // The largest snapshot holds no more of the 64 KB reply than a preview.
    expect(large.byType['@xstate.snapshot']!.bytes / large.byType['@xstate.snapshot']!.count).toBeLessThan(PER_EVENT);
  });

  it('summarises the context for serialisers, and only for them: the machine reads the real values', () => {
    const task = `Summarise this: ${'x'.repeat(5000)}`;
    const actor = createActor(agentTurnMachine, {
      input: {
        client: createScriptedClient([reply('Thinking.')]),
        model: 'm1',
        messages: [{ role: 'user', content: task }],
      },
    });
    actor.start();
    const context = actor.getSnapshot().context;
    const json = JSON.stringify(actor.getSnapshot());
    expect(json.length).toBeLessThan(PER_EVENT);
    expect(json).toContain('"client":"[chat client]"');
    expect(json).toContain('"protocol":"[protocol: ');
    // The real context is untouched: its history keeps the whole task.
    expect(context.messages.some((m) => m.content === task)).toBe(true);
    expect(json).not.toContain('x'.repeat(100));
    expect(json).toMatch(/"content":"[^"]{1,80}… \(\d+ chars\)"/);
    actor.stop();
  });

  it('cuts long strings, long arrays, many keys and deep nesting', () => {
    expect(summariseValue('y'.repeat(100))).toBe(`${'y'.repeat(80)}… (100 chars)`);
    expect(summariseValue([1, 2, 3, 4, 5, 6, 7, 8])).toEqual(['(2 earlier of 8)', 3, 4, 5, 6, 7, 8]);
    const wide = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i]));
    expect(Object.keys(summariseValue(wide) as object)).toHaveLength(25);
    expect(summariseValue({ a: { b: { c: { d: 1 } } } })).toEqual({ a: { b: { c: '[object]' } } });
    expect(summariseValue(Object.assign(new Error('boom'), { code: 'http' }))).toEqual({
      name: 'Error',
      code: 'http',
      message: 'boom',
    });
    expect(summariseValue(() => 1)).toBe('[function]');
  });
});
