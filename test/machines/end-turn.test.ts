// How a turn ends: with endTurn 'text' (the default in native mode) a reply without a tool call
// ends it, its text the result; with 'completion-tool' (the default in tag mode) only the
// completion tool does, as Cline's rule has it. Native and tag mode, pace 0 and a real pace.
import { describe, expect, it } from 'vitest';
import { runAgentTurn } from '../../machines/machine/agent-turn-actor.js';
import { PACINGS, createPacedClient } from '../support/paced-client.js';

const task = [{ role: 'user' as const, content: 'Say hello.' }];
const tools = { read_file: () => 'contents' };

for (const pacing of PACINGS) {
  const at = pacing.pace === 0 ? 'pace 0' : 'a real pace, random chunks';
  describe(`ending a turn (${at})`, () => {
    it('native mode, by default: a plain answer ends the turn with its text (reasoning left out)', async () => {
      const client = createPacedClient([{ reasoning: 'They want a greeting.', text: 'Hello there!' }], pacing);
      const out = await runAgentTurn({ client, model: 'm', messages: task, tools, nativeTools: true });
      expect(out).toMatchObject({ reason: 'completed', result: 'Hello there!' });
      expect(client.requests).toHaveLength(1);
      expect(out.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Hello there!' });
      expect(String(client.requests[0]!.messages[0]!.content)).toContain('reply in plain text without a tool call');
    });

    it('native mode: a plain answer after a tool ends the turn too', async () => {
      const client = createPacedClient(
        [{ calls: [{ name: 'read_file', arguments: '{"path":"a"}' }] }, { text: 'It says contents.' }],
        pacing,
      );
      const out = await runAgentTurn({ client, model: 'm', messages: task, tools, nativeTools: true });
      expect(out).toMatchObject({ reason: 'completed', result: 'It says contents.' });
      expect(out.requests[0]!.toolResults[0]!.content).toBe('contents');
    });

    it('tag mode, by default: prose is nudged, three in a row end with too_many_mistakes', async () => {
      const client = createPacedClient([{ text: 'Hello.' }, { text: 'Hello!' }, { text: 'Hi.' }], pacing);
      const out = await runAgentTurn({ client, model: 'm', messages: task, tools });
      expect(out.reason).toBe('too_many_mistakes');
      expect(out.result).toBeUndefined();
      expect(String(client.requests[0]!.messages[0]!.content)).toContain('Every reply must contain a tool use.');
    });

    it("tag mode with endTurn 'text': a plain answer ends the turn, and the prompt says so", async () => {
      const client = createPacedClient([{ text: '<think>easy</think>Hello, world.' }], pacing);
      const out = await runAgentTurn({ client, model: 'm', messages: task, tools, endTurn: 'text' });
      expect(out).toMatchObject({ reason: 'completed', result: 'Hello, world.' });
      const system = String(client.requests[0]!.messages[0]!.content);
      expect(system).toContain(
        'reply in plain text without a tool use (or use attempt_completion): that ends your turn.',
      );
      expect(system).not.toContain('Every reply must contain a tool use.');
    });

    it("native mode with endTurn 'completion-tool': prose is nudged, the completion tool ends it", async () => {
      const client = createPacedClient(
        [{ text: 'Hello.' }, { calls: [{ name: 'attempt_completion', arguments: '{"result":"Said hello."}' }] }],
        pacing,
      );
      const out = await runAgentTurn({
        client,
        model: 'm',
        messages: task,
        tools,
        nativeTools: true,
        endTurn: 'completion-tool',
      });
      expect(out).toMatchObject({ reason: 'completed', result: 'Said hello.' });
      expect(client.requests).toHaveLength(2);
      expect(JSON.stringify(client.requests[1]!.messages.at(-1))).toContain('Your reply used no tool');
    });

    it('a reply cut at the length limit, or one of reasoning only, is no answer', async () => {
      const client = createPacedClient(
        [{ text: 'Hello, and then', finish: 'length' }, { reasoning: 'hmm' }, { text: 'Hello.' }],
        pacing,
      );
      const out = await runAgentTurn({ client, model: 'm', messages: task, tools, nativeTools: true });
      expect(out).toMatchObject({ reason: 'completed', result: 'Hello.' });
      expect(client.requests).toHaveLength(3);
    });
  });
}
