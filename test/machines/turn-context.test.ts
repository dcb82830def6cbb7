// The turn's context: options and their defaults, the request sent for the history, and whether a
// tool of the reply already started (which forbids a silent retry).
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { agentTurnMachine } from '../../machines/agent-turn-machine.js';
import type { AgentTurnInput, ToolOutcome } from '../../machines/agent-turn-types.js';
import { anyToolStarted, chatRequestOf, initialContext, resolveTurnOptions } from '../../machines/turn-context.js';
import { ChatError } from '../../src/wire/errors.js';
import { createScriptedClient, reply, textEvents, type ScriptedReply } from '../support/scripted-client.js';

const READ_A = '<read_file>\n<path>a.ts</path>\n</read_file>';
const DONE = '<attempt_completion>\n<result>All done.</result>\n</attempt_completion>';

function input(client = createScriptedClient([]), extra: Partial<AgentTurnInput> = {}): AgentTurnInput {
  return { client, model: 'm', messages: [{ role: 'user', content: 'task' }], ...extra };
}

describe('the request sent', () => {
  it('carries requestOptions, with the model, history, streaming and usage that the turn sets', async () => {
    const client = createScriptedClient([reply(DONE)]);
    await toPromise(
      createActor(agentTurnMachine, {
        input: input(client, { requestOptions: { temperature: 0.2, max_tokens: 512, top_p: 0.9 } }),
      }).start(),
    );
    expect(client.requests[0]).toEqual({
      temperature: 0.2,
      max_tokens: 512,
      top_p: 0.9,
      model: 'm',
      messages: [{ role: 'user', content: 'task' }],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('requestOptions cannot override what the turn sets', () => {
    const request = chatRequestOf(
      initialContext(
        input(undefined, {
          requestOptions: { stream: false, model: 'other', stream_options: { include_usage: false } } as never,
        }),
      ),
    );
    expect(request).toMatchObject({ model: 'm', stream: true, stream_options: { include_usage: true } });
  });

  it('lists tools only when there are tool definitions', () => {
    const tool = { type: 'function' as const, function: { name: 'read_file', parameters: { type: 'object' } } };
    expect(chatRequestOf(initialContext(input(undefined, { toolDefinitions: [tool] }))).tools).toEqual([tool]);
    expect('tools' in chatRequestOf(initialContext(input(undefined, { toolDefinitions: [] })))).toBe(false);
    expect('tools' in chatRequestOf(initialContext(input()))).toBe(false);
  });
});

describe('options', () => {
  it('defaults: 20 requests, one tool per message, no approval, attempt_completion, 3 retries, 3 mistakes', () => {
    const o = resolveTurnOptions(input());
    expect(o).toMatchObject({
      maxRequests: 20,
      toolsPerMessage: 'one',
      approval: [],
      completionTool: 'attempt_completion',
      retryDelaysMs: [2000, 4000, 8000],
      maxConsecutiveMistakes: 3,
      startInReasoning: false,
      drain: { graceMs: 3000, maxChars: 300 },
    });
    expect(o.retryOn(new ChatError('network', 'x', { retryable: true }))).toBe(true);
    expect(o.retryOn(new ChatError('http', 'x', { retryable: false }))).toBe(false);
  });

  it('limits below one count as one; approval lists are copied, true and false kept', () => {
    expect(
      resolveTurnOptions(input(undefined, { maxRequests: 0, nudge: { maxConsecutiveMistakes: -2 } })),
    ).toMatchObject({
      maxRequests: 1,
      maxConsecutiveMistakes: 1,
    });
    const list = ['write_to_file'];
    const o = resolveTurnOptions(input(undefined, { approval: list }));
    expect(o.approval).toEqual(['write_to_file']);
    expect(o.approval).not.toBe(list);
    expect(resolveTurnOptions(input(undefined, { approval: true })).approval).toBe(true);
    expect(resolveTurnOptions(input(undefined, { approval: false })).approval).toEqual([]);
  });
});

describe('whether a tool of the reply started', () => {
  const outcomes = (status: ToolOutcome['status']) => ({
    ...initialContext(input()),
    toolOutcomes: { call_1: { status } },
  });

  it('running, done, errored and rejected tools count; awaiting approval, skipped, cut off and none do not', () => {
    for (const status of ['running', 'done', 'error', 'rejected'] as const)
      expect(anyToolStarted(outcomes(status)), status).toBe(true);
    for (const status of ['awaiting-approval', 'skipped', 'cut-off'] as const)
      expect(anyToolStarted(outcomes(status)), status).toBe(false);
    expect(anyToolStarted(initialContext(input()))).toBe(false);
  });

  it('a retryable failure after a tool errored is not retried: the reply and the error result go to the model', async () => {
    const failing: ScriptedReply = {
      events: textEvents(READ_A, ' and then'),
      error: new ChatError('network', 'connection reset', { retryable: true }),
    };
    const client = createScriptedClient([failing, reply(DONE)]);
    const out = await toPromise(
      createActor(agentTurnMachine, {
        input: input(client, {
          tools: { read_file: async () => ({ content: 'no such file', isError: true }) },
          toolsPerMessage: 'sequential',
          retry: { delaysMs: [0, 0] },
        }),
      }).start(),
    );
    expect(out.reason).toBe('completed');
    expect(out.requests.map((r) => r.attempt)).toEqual([0, 0]); // the second request is the next step, not a retry
    expect(client.requests[1].messages.slice(1)).toEqual([
      { role: 'assistant', content: `${READ_A} and then` },
      { role: 'user', content: expect.stringContaining('<error>\nno such file\n</error>') },
    ]);
  });
});
