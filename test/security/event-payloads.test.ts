// Robust API (issue 28 §5a): every event the turn's actor takes is checked. REJECT with
// `feedback: null` (what prompt() answers on Cancel) crashed the turn — and with no error
// subscriber the Node process died with an unclear TypeError. A bad payload is now ignored with
// a clear development warning; null feedback is no feedback.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createAgentTurnActor, type AgentTurnActor } from '../../machines/machine/agent-turn-actor.js';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import { approvalExpiredText } from '../../machines/machine/turn-notes.js';
import { createScriptedClient, reply } from '../support/scripted-client.js';

const WRITE = '<write_to_file>\n<path>a.txt</path>\n<content>x</content>\n</write_to_file>';
const DONE = '<attempt_completion><result>ok</result></attempt_completion>';

function turn() {
  const written: string[] = [];
  const client = createScriptedClient([reply(WRITE), reply(DONE)]);
  const setup = {
    client,
    model: 'm',
    messages: [{ role: 'user' as const, content: 'write a.txt' }],
    tools: { write_to_file: async () => (written.push('a.txt'), 'saved') },
    approval: ['write_to_file'],
    retry: { delaysMs: [] },
  };
  return { written, client, setup };
}

/** Starts the actor and resolves at its first approval question. */
function atApproval(actor: AgentTurnActor | ReturnType<typeof createActor<typeof agentTurnMachine>>): Promise<void> {
  return new Promise((resolve) => {
    const sub = actor.subscribe((s) => {
      if (s.hasTag('awaiting-approval')) {
        sub.unsubscribe();
        resolve();
      }
    });
    actor.start();
  });
}

afterEach(() => vi.restoreAllMocks());

describe('events with bad payloads', () => {
  it('REJECT with feedback: null is a rejection without feedback, not a crash', async () => {
    const { written, client, setup } = turn();
    const actor = createAgentTurnActor(setup);
    const done = toPromise(actor);
    await atApproval(actor);
    actor.send({ type: 'REJECT', feedback: null } as never);
    const output = await done;
    expect(output.reason).toBe('completed');
    expect(written).toEqual([]);
    expect(JSON.stringify(client.requests[1].messages)).toContain('The user rejected this tool use; it did not run.');
  });

  it('REJECT with expiredAfterMs: the tool does not run and the model is told its approval expired', async () => {
    const { written, client, setup } = turn();
    const actor = createAgentTurnActor(setup);
    const done = toPromise(actor);
    await atApproval(actor);
    actor.send({ type: 'REJECT', expiredAfterMs: 30_000 });
    const output = await done;
    expect(output.reason).toBe('completed');
    expect(written).toEqual([]);
    expect(output.requests[0].toolResults[0]).toMatchObject({
      status: 'rejected',
      content: approvalExpiredText(30_000),
    });
    expect(JSON.stringify(client.requests[1].messages)).toContain('waited 30 s for approval and no decision came');
  });

  it('the machine driven directly takes REJECT with feedback: null too', async () => {
    const { setup } = turn();
    const actor = createActor(agentTurnMachine, { input: setup });
    const done = toPromise(actor);
    await atApproval(actor);
    actor.send({ type: 'REJECT', feedback: null } as never);
    expect((await done).reason).toBe('completed');
  });

  it.each([
    ['REJECT with a number for feedback', { type: 'REJECT', feedback: 42 }, 'REJECT: feedback must be a string'],
    [
      'REJECT with a negative expiry',
      { type: 'REJECT', expiredAfterMs: -1 },
      'REJECT: expiredAfterMs must be a number of at least 0',
    ],
    [
      'REJECT with a string for the expiry',
      { type: 'REJECT', expiredAfterMs: '30s' },
      'REJECT: expiredAfterMs must be a number of at least 0',
    ],
    ['no type', { feedback: 'x' }, 'an event must be an object with a string type'],
    ['null', null, 'an event must be an object'],
    ['CHAT.CHUNKS without events', { type: 'CHAT.CHUNKS', events: null }, 'CHAT.CHUNKS: events must be an array'],
    [
      'CHAT.CHUNKS with a broken tool call',
      { type: 'CHAT.CHUNKS', events: [{ type: 'tool-call', index: 0 }] },
      'argumentsDelta must be a string',
    ],
    ['CHAT.ERROR without an error', { type: 'CHAT.ERROR', error: 'boom' }, 'CHAT.ERROR: error must be a ChatError'],
  ])('%s is ignored with a warning; the turn waits on and ends normally', async (_name, event, warning) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { written, setup } = turn();
    const actor = createAgentTurnActor(setup);
    const done = toPromise(actor);
    await atApproval(actor);
    actor.send(event as never);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(warning));
    expect(actor.getSnapshot().hasTag('awaiting-approval')).toBe(true);
    actor.send({ type: 'APPROVE' });
    expect((await done).reason).toBe('completed');
    expect(written).toEqual(['a.txt']);
  });
});
