// Turns with recovered calls and blank parameters: a blank required parameter is a missing one (a
// blank completion result does not complete the turn), a call in another dialect runs and the
// history sends back the model's own text.
import { describe, expect, it } from 'vitest';
import { runAgentTurn } from '../../machines/machine/agent-turn-actor.js';
import { createScriptedClient, reply } from '../support/scripted-client.js';

const task = [{ role: 'user' as const, content: 'Do the task.' }];

describe('a blank required parameter', () => {
  it('of attempt_completion does not end the turn: the model is told and tries again', async () => {
    const client = createScriptedClient([
      reply('<attempt_completion><result>   </result></attempt_completion>'),
      reply('<attempt_completion><result>Done for real.</result></attempt_completion>'),
    ]);
    const out = await runAgentTurn({ client, model: 'm', messages: task });
    expect(out.reason).toBe('completed');
    expect(out.result).toBe('Done for real.');
    expect(client.requests).toHaveLength(2);
    const told = JSON.stringify(client.requests[1]!.messages.at(-1));
    expect(told).toContain("Missing value for required parameter 'result'");
  });

  it('of another tool keeps the tool from running', async () => {
    const ran: string[] = [];
    const client = createScriptedClient([
      reply('<read_file><path> </path></read_file>'),
      reply('<attempt_completion><result>ok</result></attempt_completion>'),
    ]);
    const out = await runAgentTurn({
      client,
      model: 'm',
      messages: task,
      tools: { read_file: (t) => (ran.push(t.params.path ?? ''), 'contents') },
    });
    expect(out.reason).toBe('completed');
    expect(ran).toEqual([]);
    expect(JSON.stringify(client.requests[1]!.messages.at(-1))).toContain("parameter 'path'");
  });
});

describe('a call in another dialect', () => {
  it('runs, carries its dialect, and the history keeps the model’s own text', async () => {
    const hermes = 'Reading.\n<tool_call>\n{"name": "read_file", "arguments": {"path": "a.ts"}}\n</tool_call>';
    const ran: string[] = [];
    const client = createScriptedClient([
      reply(hermes),
      reply('<attempt_completion><result>read it</result></attempt_completion>'),
    ]);
    const out = await runAgentTurn({
      client,
      model: 'Qwen/Qwen3-32B',
      messages: task,
      tools: { read_file: (t) => (ran.push(t.params.path ?? ''), 'export {}') },
    });
    expect(out.reason).toBe('completed');
    expect(ran).toEqual(['a.ts']);
    const call = out.requests[0]!.blocks.find((b) => b.type === 'tool_use');
    expect(call).toEqual(expect.objectContaining({ name: 'read_file', dialect: 'hermes' }));
    const sentBack = client.requests[1]!.messages.find((m) => m.role === 'assistant');
    expect(sentBack?.content).toBe(hermes);
  });

  it('is text for a model whose dialects do not include it', async () => {
    const client = createScriptedClient([
      reply('[read_file(path="a.ts")]'),
      reply('<attempt_completion><result>ok</result></attempt_completion>'),
    ]);
    const out = await runAgentTurn({ client, model: 'some-unknown-model', messages: task });
    expect(out.requests[0]!.blocks.some((b) => b.type === 'tool_use')).toBe(false);
  });
});
