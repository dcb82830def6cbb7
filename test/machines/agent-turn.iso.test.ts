// The same agent turn in Node and in a real browser: the machine, the wire layer and the
// scripted model use web APIs only.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { runAgentTurn } from '../../machines/machine/agent-turn-actor.js';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import { selectView } from '../../machines/view/select-view.js';
import { createChatClient } from '../../src/wire/index.js';
import { createScriptedModel } from '../../scripted/index.js';
import { createWorkspace } from '../support/workspace-tools.js';
import { TEST_WIRE } from '../support/test-wire.js';

describe('agent turn (isomorphic)', () => {
  for (const [model, nativeTools] of [
    ['scripted:grok-4.3', false],
    ['scripted:inline-think', false],
    ['scripted:gpt-4.1-mini', true],
  ] as const) {
    it(`${model}${nativeTools ? ' with native tools' : ''} completes against the scripted model`, async () => {
      const ws = createWorkspace({ 'README.md': '# Iso\n' });
      const client = createChatClient({
        wire: TEST_WIRE,
        baseURL: 'http://scripted.invalid/v1',
        fetch: createScriptedModel({ pace: 0 }),
      });
      const out = await runAgentTurn({
        client,
        model,
        nativeTools,
        messages: [{ role: 'user', content: 'Read README.md and write out.md' }],
        tools: ws.tools,
      });
      expect(out.reason).toBe('completed');
      expect(ws.calls).toEqual(['list_files:.', 'read_file:README.md', 'write_to_file:out.md']);
      expect(out.requests).toHaveLength(4);
    });
  }

  it('ABORT mid-stream cancels the request and keeps what arrived', async () => {
    const client = createChatClient({
      wire: TEST_WIRE,
      baseURL: 'http://scripted.invalid/v1',
      fetch: createScriptedModel({ pace: 1 }),
    });
    const actor = createActor(agentTurnMachine, {
      input: {
        client,
        model: 'scripted',
        messages: [{ role: 'user', content: 'Read README.md' }],
        tools: createWorkspace({}).tools,
      },
    });
    const seen = new Promise<void>((resolve) => {
      actor.subscribe((s) => {
        if (s.context.blocks.length > 0) resolve();
      });
    });
    actor.start();
    await seen;
    actor.send({ type: 'ABORT' });
    const view = selectView(actor.getSnapshot());
    expect(view).toMatchObject({ state: 'aborted', reason: 'aborted' });
    expect(view.requests[0].status).toBe('aborted');
    expect(view.requests[0].blocks.length).toBeGreaterThan(0);
    expect(actor.getSnapshot().output?.messages.at(-1)?.content).toContain('interrupted');
  });
});
