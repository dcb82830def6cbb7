// The machine's hooks (beforeTool, afterTool, beforeStop) and plan mode, on a scripted client:
// what runs, what the model is told in the next request, what the history keeps.
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { AgentTurnInput, ToolFunctions } from '../../machines/machine/agent-turn-types.js';
import type { ToolUse } from '../../src/parser/blocks.js';
import { createScriptedClient, reply, type ScriptedReply } from '../support/scripted-client.js';

const RM =
  '<execute_command>\n<command>rm -rf build</command>\n<requires_approval>true</requires_approval>\n</execute_command>';
const LS = '<execute_command>\n<command>ls</command>\n<requires_approval>false</requires_approval>\n</execute_command>';
const READ_A = '<read_file>\n<path>a.ts</path>\n</read_file>';
const WRITE = '<write_to_file>\n<path>w.ts</path>\n<content>\nx\n</content>\n</write_to_file>';
const DONE = '<attempt_completion>\n<result>All done.</result>\n</attempt_completion>';

function run(replies: ScriptedReply[], extra: Partial<AgentTurnInput> = {}) {
  const calls: string[] = [];
  const tools: ToolFunctions = {
    execute_command: (t: ToolUse) => {
      calls.push(`execute_command:${t.params.command}`);
      return `ran ${t.params.command}`;
    },
    read_file: (t: ToolUse) => {
      calls.push(`read_file:${t.params.path}`);
      return `contents of ${t.params.path}`;
    },
    write_to_file: (t: ToolUse) => {
      calls.push(`write_to_file:${t.params.path}`);
      return `wrote ${t.params.path}`;
    },
  };
  const client = createScriptedClient(replies);
  const input: AgentTurnInput = {
    client,
    model: 'm',
    messages: [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'task' },
    ],
    tools,
    retry: { delaysMs: [0] },
    ...extra,
  };
  const actor = createActor(agentTurnMachine, { input }).start();
  return { done: toPromise(actor), client, calls };
}

const lastUserText = (client: ReturnType<typeof createScriptedClient>, request: number) =>
  String(client.requests[request]?.messages.at(-1)?.content ?? '');

describe('beforeTool', () => {
  it('refuses rm: the command never runs and the next request tells the model why', async () => {
    const { done, client, calls } = run([reply([RM]), reply([DONE])], {
      hooks: {
        beforeTool: async (use) =>
          /\brm\b/.test(use.params.command ?? '') ? { decision: 'deny', reason: 'rm is forbidden here' } : undefined,
      },
    });
    const out = await done;
    expect(out.reason).toBe('completed');
    expect(calls).toEqual([]);
    expect(out.requests[0].toolResults[0]).toMatchObject({ status: 'error', isError: true });
    expect(lastUserText(client, 1)).toContain('rm is forbidden here');
    expect(lastUserText(client, 1)).toContain('a hook refused it');
  });

  it('rewrites the input the tool runs with and adds context to its result', async () => {
    const { done, client, calls } = run([reply([LS]), reply([DONE])], {
      hooks: { beforeTool: () => ({ updatedInput: { command: 'ls -la' }, additionalContext: 'Listing widened.' }) },
    });
    await done;
    expect(calls).toEqual(['execute_command:ls -la']);
    expect(lastUserText(client, 1)).toContain('ran ls -la');
    expect(lastUserText(client, 1)).toContain('Listing widened.');
    // The history keeps what the model wrote.
    expect(client.requests[1].messages.at(-2)?.content).toContain('<command>ls</command>');
  });

  it("'allow' runs a tool without asking; 'ask' waits for an approval the list did not ask for", async () => {
    const allowed = run([reply([LS]), reply([DONE])], {
      approval: ['execute_command'],
      hooks: { beforeTool: () => ({ decision: 'allow' }) },
    });
    expect((await allowed.done).reason).toBe('completed');
    expect(allowed.calls).toEqual(['execute_command:ls']);

    const client = createScriptedClient([reply([READ_A]), reply([DONE])]);
    const actor = createActor(agentTurnMachine, {
      input: {
        client,
        model: 'm',
        messages: [{ role: 'user', content: 'task' }],
        tools: { read_file: () => 'x' },
        hooks: { beforeTool: () => ({ decision: 'ask' }) },
      },
    }).start();
    await new Promise<void>((resolve) => {
      const sub = actor.subscribe((s) => {
        if (s.hasTag('awaiting-approval')) {
          sub.unsubscribe();
          resolve();
        }
      });
    });
    actor.send({ type: 'REJECT', feedback: 'not now' });
    const out = await toPromise(actor);
    expect(out.requests[0].toolResults[0]).toMatchObject({ status: 'rejected' });
  });

  it('a hook that throws refuses the tool, saying so', async () => {
    const { done, client, calls } = run([reply([LS]), reply([DONE])], {
      hooks: {
        beforeTool: () => {
          throw new Error('policy offline');
        },
      },
    });
    await done;
    expect(calls).toEqual([]);
    expect(lastUserText(client, 1)).toContain('policy offline');
  });
});

describe('afterTool', () => {
  it('adds context to the result the model gets', async () => {
    const { done, client } = run([reply([READ_A]), reply([DONE])], {
      hooks: { afterTool: (_use, result) => ({ additionalContext: `Checked ${result.content.length} chars.` }) },
    });
    await done;
    expect(lastUserText(client, 1)).toContain('contents of a.ts');
    expect(lastUserText(client, 1)).toContain('Checked 16 chars.');
  });

  it("'block' withholds the result with the reason", async () => {
    const { done, client, calls } = run([reply([READ_A]), reply([DONE])], {
      hooks: { afterTool: () => ({ decision: 'block', reason: 'secrets inside' }) },
    });
    await done;
    expect(calls).toEqual(['read_file:a.ts']);
    expect(lastUserText(client, 1)).toContain('secrets inside');
    expect(lastUserText(client, 1)).not.toContain('contents of a.ts');
  });
});

describe('beforeStop', () => {
  it("'block' keeps the turn going with the reason; the second stop ends it", async () => {
    const seen: boolean[] = [];
    const { done, client } = run([reply([DONE]), reply([READ_A]), reply([DONE])], {
      hooks: {
        beforeStop: ({ stopHookActive }) => {
          seen.push(stopHookActive);
          return stopHookActive ? undefined : { decision: 'block', reason: 'run the tests first' };
        },
      },
    });
    const out = await done;
    expect(out.reason).toBe('completed');
    expect(out.requests).toHaveLength(3);
    expect(seen).toEqual([false, true]);
    expect(lastUserText(client, 1)).toContain('run the tests first');
  });

  it('is not asked once no request is left: the turn ends completed', async () => {
    const { done } = run([reply([DONE])], {
      maxRequests: 1,
      hooks: { beforeStop: () => ({ decision: 'block', reason: 'more' }) },
    });
    expect((await done).reason).toBe('completed');
  });
});

describe("mode: 'plan'", () => {
  it('refuses a write (told it is planning, in the result and the system prompt) and runs reads', async () => {
    const { done, client, calls } = run([reply([WRITE]), reply([READ_A]), reply([DONE])], { mode: 'plan' });
    const out = await done;
    expect(calls).toEqual(['read_file:a.ts']);
    expect(out.requests[0].toolResults[0]).toMatchObject({ name: 'write_to_file', status: 'error' });
    expect(lastUserText(client, 1)).toContain('plan mode');
    expect(client.requests[0].messages[0].content).toContain('PLAN MODE');
    // The note is the request's, never the history's.
    expect(out.messages[0].content).toBe('sys');
  });

  it('runs the same write in the next turn, after the plan is approved (default mode)', async () => {
    const planned = run([reply([WRITE]), reply([DONE])], { mode: 'plan' });
    const plan = await planned.done;
    expect(planned.calls).toEqual([]);
    const approved = run([reply([WRITE]), reply([DONE])], {
      messages: [...plan.messages, { role: 'user', content: 'The plan is approved: carry it out.' }],
    });
    await approved.done;
    expect(approved.calls).toEqual(['write_to_file:w.ts']);
    expect(approved.client.requests[0].messages[0].content).not.toContain('PLAN MODE');
  });

  it('runs the MCP tools named read-only, refuses the others', async () => {
    const mcp = (tool: string) =>
      `<use_mcp_tool>\n<server_name>db</server_name>\n<tool_name>${tool}</tool_name>\n<arguments>{}</arguments>\n</use_mcp_tool>`;
    const ran: string[] = [];
    const { done } = run([reply([mcp('query')]), reply([mcp('drop')]), reply([DONE])], {
      mode: 'plan',
      readOnlyTools: ['use_mcp_tool:db/query'],
      tools: {
        use_mcp_tool: (t: ToolUse) => {
          ran.push(t.params.tool_name as string);
          return 'ok';
        },
      },
    });
    await done;
    expect(ran).toEqual(['query']);
  });
});
