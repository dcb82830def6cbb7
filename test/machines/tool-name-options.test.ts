// Options that name tools are checked by name: a typo in `approval` would run a tool unasked,
// one in `idempotentTools` would keep it from running again; both are refused with a did-you-mean.
// Also: `signal` aborts a turn, and isBlockSettled narrows a block's type.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { AgentTurnOptionsError } from '../../src/errors/agent-turn-options-error.js';
import { createAgentTurnActor, runAgentTurn } from '../../machines/machine/agent-turn-actor.js';
import { isBlockSettled } from '../../machines/view/select-view.js';
import type { BlockView } from '../../machines/view/turn-view-types.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { createPacedClient } from '../support/paced-client.js';

const task = [{ role: 'user' as const, content: 'Save a note.' }];
const client = createPacedClient([], { pace: 0 });
const save_note = () => 'saved';

function refusal(setup: Record<string, unknown>): AgentTurnOptionsError {
  try {
    createAgentTurnActor({ client, model: 'm', messages: task, ...setup } as never);
  } catch (error) {
    return error as AgentTurnOptionsError;
  }
  throw new Error('not refused');
}

describe('tool names in options', () => {
  it.each([
    [
      'approval',
      { tools: { save_note }, approval: ['savenote'] },
      'approval[0]',
      /"savenote" is not a tool of this turn \(did you mean "save_note"\?\)/,
    ],
    [
      'idempotentTools',
      { tools: { save_note }, idempotentTools: ['save_nte'] },
      'idempotentTools[0]',
      /did you mean "save_note"/,
    ],
    [
      'a name far from all',
      { tools: { save_note }, approval: ['delete_everything'] },
      'approval[0]',
      /not a tool of this turn; its tools: save_note, attempt_completion$/,
    ],
    ['a Cline name without tools given', { approval: ['write_to_fil'] }, 'approval[0]', /did you mean "write_to_file"/],
    [
      'a defineTool tool',
      {
        tools: [defineTool({ name: 'save_note', description: '', parameters: z.object({}), execute: save_note })],
        approval: ['save-note'],
      },
      'approval[0]',
      /did you mean "save_note"/,
    ],
  ])('%s: a misspelt name is an AgentTurnOptionsError', (_what, setup, option, message) => {
    const error = refusal(setup);
    expect(error).toBeInstanceOf(AgentTurnOptionsError);
    expect(error).toMatchObject({ code: 'invalid-options', option });
    expect(error.message).toMatch(message);
  });

  it('names the turn has pass: its tools, an MCP tool of one, the completion tool, the default idempotent names', () => {
    expect(() =>
      createAgentTurnActor({
        client,
        model: 'm',
        messages: task,
        tools: { save_note, use_mcp_tool: save_note },
        approval: ['save_note', 'use_mcp_tool:memory/read_graph', 'attempt_completion'],
        idempotentTools: ['read_file', 'save_note'],
      }),
    ).not.toThrow();
  });

  it('a tool under another name than its own, or twice in an array, is refused', () => {
    const tool = defineTool({ name: 'save_note', description: '', parameters: z.object({}), execute: save_note });
    expect(refusal({ tools: { note: tool } })).toMatchObject({ option: 'tools.note', message: /named "save_note"/ });
    expect(refusal({ tools: [tool, tool] })).toMatchObject({
      option: 'tools[1]',
      message: /a second tool named "save_note"/,
    });
    expect(refusal({ endTurn: 'plain' })).toMatchObject({ option: 'endTurn' });
  });
});

describe('signal', () => {
  it('aborts a turn mid-stream, cleanly: reason aborted, the reply so far kept', async () => {
    const paced = createPacedClient([{ text: 'Hello, this is a long answer that streams slowly.' }], {
      pace: 'real',
      seed: 3,
    });
    const controller = new AbortController();
    const done = runAgentTurn({ client: paced, model: 'm', messages: task, signal: controller.signal });
    setTimeout(() => controller.abort(), 15);
    const out = await done;
    expect(out.reason).toBe('aborted');
    expect(out.requests).toHaveLength(1);
    expect(out.requests[0]!.status).toBe('aborted');
  });

  it('a signal already aborted ends the turn at once', async () => {
    const paced = createPacedClient([{ text: 'never read' }], { pace: 'real' });
    const out = await runAgentTurn({ client: paced, model: 'm', messages: task, signal: AbortSignal.abort() });
    expect(out.reason).toBe('aborted');
  });

  it('is not an AbortSignal: refused', () => {
    expect(refusal({ signal: 'stop' })).toMatchObject({ option: 'signal' });
  });
});

describe('isBlockSettled', () => {
  it('narrows: a settled tool block has its result', () => {
    const block = { type: 'tool_use', status: 'done', result: 'r', isError: false } as unknown as BlockView;
    if (block.type === 'tool_use' && isBlockSettled(block)) {
      expectTypeOf(block.result).toEqualTypeOf<string>();
      expect(block.result).toBe('r');
    } else throw new Error('a done tool is settled');
    const streaming = { type: 'text', status: 'streaming', content: '' } as unknown as BlockView;
    expect(isBlockSettled(streaming)).toBe(false);
  });
});
