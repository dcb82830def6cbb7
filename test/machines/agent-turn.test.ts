import { describe, expect, it } from 'vitest';
import { createActor, toPromise, waitFor, type Actor } from 'xstate';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { AgentTurnInput, ToolFunctions } from '../../machines/machine/agent-turn-types.js';
import { ChatError } from '../../src/wire/errors.js';
import type { ToolUse } from '../../src/parser/blocks.js';
import { clineProtocol } from '../../src/protocol/cline-protocol.js';
import { createScriptedClient, reply, type ScriptedReply } from '../support/scripted-client.js';

const READ_A = '<read_file>\n<path>a.ts</path>\n</read_file>';
const READ_B = '<read_file>\n<path>b.ts</path>\n</read_file>';
const DONE = '<attempt_completion>\n<result>All done.</result>\n</attempt_completion>';

function setup(replies: ScriptedReply[], extra: Partial<AgentTurnInput> = {}) {
  const calls: string[] = [];
  const tools: ToolFunctions = {
    read_file: async (t: ToolUse) => {
      calls.push(`read_file:${t.params.path}`);
      return `contents of ${t.params.path}`;
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
    retry: { delaysMs: [0, 0, 0] },
    ...extra,
  };
  const actor = createActor(agentTurnMachine, { input });
  return { actor, client, calls };
}

describe('agentTurnMachine with a scripted client', () => {
  it('runs a complete tool once, recurses with its result, and completes', async () => {
    const { actor, client, calls } = setup([
      reply(['Let me look. <read_', 'file>\n<path>a.ts</pa', 'th>\n</read_file>']),
      reply(['Done. ', DONE]),
    ]);
    actor.start();
    const out = await toPromise(actor);
    expect(out.reason).toBe('completed');
    expect(out.result).toBe('All done.');
    expect(calls).toEqual(['read_file:a.ts']);
    expect(out.requests).toHaveLength(2);
    expect(out.requests[0].toolResults).toEqual([
      expect.objectContaining({ name: 'read_file', status: 'done', content: 'contents of a.ts' }),
    ]);
    // The second request saw the first reply and its result.
    const second = client.requests[1].messages;
    expect(second[2]).toEqual({ role: 'assistant', content: `Let me look. ${READ_A}` });
    expect(second[3].role).toBe('user');
    expect(second[3].content).toContain('contents of a.ts');
    expect(out.messages.at(-1)).toEqual({ role: 'assistant', content: `Done. ${DONE}` });
    expect(new Set(out.requests.map((r) => r.idPrefix)).size).toBe(2);
  });

  it("'one' tool per message: runs the first, skips the rest and says so", async () => {
    const { actor, calls } = setup([reply([READ_A, ' and ', READ_B]), reply(DONE)]);
    actor.start();
    const out = await toPromise(actor);
    expect(calls).toEqual(['read_file:a.ts']);
    const user = out.messages[3];
    expect(user.content).toContain('only one tool may be used per message');
  });

  it("'sequential': runs every complete tool in order", async () => {
    const { actor, calls } = setup([reply([READ_A, ' and ', READ_B]), reply(DONE)], { toolsPerMessage: 'sequential' });
    actor.start();
    const out = await toPromise(actor);
    expect(calls).toEqual(['read_file:a.ts', 'read_file:b.ts']);
    expect(out.requests[0].toolResults.map((r) => r.status)).toEqual(['done', 'done']);
  });

  it('approval: APPROVE runs the tool, REJECT skips the rest and returns the feedback', async () => {
    const { actor, calls } = setup([reply([READ_A, READ_B]), reply(READ_B), reply(DONE)], {
      approval: ['read_file'],
      toolsPerMessage: 'sequential',
    });
    actor.start();
    await waitFor(actor, (s) => s.matches({ request: 'awaitingApproval' }));
    actor.send({ type: 'REJECT', feedback: 'not that one' });
    await waitFor(actor, (s) => s.matches({ request: 'awaitingApproval' }) && s.context.requests.length === 1);
    actor.send({ type: 'APPROVE' });
    const out = await toPromise(actor);
    expect(calls).toEqual(['read_file:b.ts']);
    expect(out.requests[0].toolResults.map((r) => r.status)).toEqual(['rejected', 'skipped']);
    expect(out.messages[3].content).toContain('not that one');
  });

  it('never runs a tool use the stream cut off, and tells the model why', async () => {
    const { actor, calls } = setup(
      [reply(['<write_to_file>\n<path>x</path>\n<content>\nhalf'], 'length'), reply(DONE)],
      { tools: { write_to_file: async () => 'written' } },
    );
    actor.start();
    const out = await toPromise(actor);
    expect(calls).toEqual([]);
    expect(out.requests[0].toolResults).toEqual([
      expect.objectContaining({ name: 'write_to_file', status: 'cut-off' }),
    ]);
    expect(out.messages[3].content).toContain('output token limit');
    expect(out.reason).toBe('completed');
  });

  it('nudges replies without a tool use and stops after 3 in a row', async () => {
    const { actor, client } = setup([reply('hmm'), reply(''), reply('still nothing'), reply(DONE)]);
    actor.start();
    const out = await toPromise(actor);
    expect(out.reason).toBe('too_many_mistakes');
    expect(client.requests).toHaveLength(3);
    expect(client.requests[1].messages.at(-1)?.content).toContain('used no tool');
    expect(client.requests[2].messages.at(-1)?.content).toContain('empty');
  });

  it('turns a thrown tool error into an error result and goes on', async () => {
    const { actor } = setup([reply(READ_A), reply(DONE)], {
      tools: {
        read_file: async () => {
          throw new Error('disk on fire');
        },
      },
    });
    actor.start();
    const out = await toPromise(actor);
    expect(out.reason).toBe('completed');
    expect(out.requests[0].toolResults[0]).toMatchObject({ status: 'error', isError: true });
    expect(out.messages[3].content).toContain('disk on fire');
  });

  it('retries a retryable error; the failed attempt stays in requests but not in the history', async () => {
    const { actor, client } = setup([
      { events: [{ type: 'text', text: 'partial thou' }], error: new ChatError('http', '503', { status: 503 }) },
      reply(DONE),
    ]);
    actor.start();
    const out = await toPromise(actor);
    expect(out.reason).toBe('completed');
    expect(out.requests.map((r) => r.status)).toEqual(['failed', 'complete']);
    expect(out.requests[0].blocks).toEqual([expect.objectContaining({ type: 'text', content: 'partial thou' })]);
    expect(client.requests[1].messages).toHaveLength(2);
    expect(JSON.stringify(out.messages)).not.toContain('partial thou');
  });

  it('fails on a non-retryable error, keeping what arrived', async () => {
    const { actor } = setup([
      {
        events: [{ type: 'text', text: 'so far' }],
        error: new ChatError('provider-error', 'bad', { retryable: false }),
      },
    ]);
    actor.start();
    const out = await toPromise(actor);
    expect(out.reason).toBe('failed');
    expect(out.error?.code).toBe('provider-error');
    expect(out.requests[0].blocks[0]).toMatchObject({ type: 'text', content: 'so far' });
  });

  it('fails after the retries are used up', async () => {
    const err = () => ({ events: [], error: new ChatError('http', '429', { status: 429 }) });
    const { actor, client } = setup([err(), err(), err(), err()]);
    actor.start();
    const out = await toPromise(actor);
    expect(out.reason).toBe('failed');
    expect(client.requests).toHaveLength(4);
    expect(out.requests).toHaveLength(4);
  });

  it('ABORT cancels the running tool and the stream, keeping what arrived', async () => {
    let toolSignal: AbortSignal | undefined;
    const { actor, client } = setup([{ events: [{ type: 'text', text: `Reading. ${READ_A}` }], hang: true }], {
      toolsPerMessage: 'sequential',
      tools: {
        read_file: (_t, { signal }) => {
          toolSignal = signal;
          return new Promise(() => {});
        },
      },
    });
    actor.start();
    await waitFor(actor, (s) => s.matches({ request: 'executingTool' }));
    actor.send({ type: 'ABORT' });
    const out = await toPromise(actor);
    expect(out.reason).toBe('aborted');
    expect(toolSignal?.aborted).toBe(true);
    expect(client.signals[0].aborted).toBe(true);
    expect(out.requests[0].status).toBe('aborted');
    expect(out.requests[0].blocks.map((b) => b.type)).toEqual(['text', 'tool_use']);
    expect(out.messages[2]).toEqual({ role: 'assistant', content: `Reading. ${READ_A}` });
  });

  it('stops at max_requests', async () => {
    const { actor } = setup([reply(READ_A), reply(READ_A), reply(READ_A)], { maxRequests: 2 });
    actor.start();
    const out = await toPromise(actor);
    expect(out.reason).toBe('max_requests');
    expect(out.requests).toHaveLength(2);
    expect(out.messages.at(-1)?.content).toContain('contents of a.ts');
  });

  it('runs native tool calls through the same states', async () => {
    const { actor, calls, client } = setup(
      [
        {
          events: [
            { type: 'reasoning', text: 'think' },
            { type: 'tool-call', index: 0, id: 'c1', name: 'read_file', argumentsDelta: '{"path":' },
            { type: 'tool-call', index: 0, argumentsDelta: '"a.ts"}' },
            { type: 'finish', reason: 'tool_calls' },
          ],
        },
        {
          events: [
            { type: 'tool-call', index: 0, id: 'c2', name: 'attempt_completion', argumentsDelta: '{"result":"ok"}' },
            { type: 'finish', reason: 'tool_calls' },
          ],
        },
      ],
      { toolDefinitions: [{ type: 'function', function: { name: 'read_file', parameters: {} } }] },
    );
    actor.start();
    const out = await toPromise(actor);
    expect(calls).toEqual(['read_file:a.ts']);
    expect(out.result).toBe('ok');
    expect(client.requests[1].messages.slice(2)).toEqual([
      expect.objectContaining({ role: 'assistant', tool_calls: [expect.objectContaining({ id: 'c1' })] }),
      expect.objectContaining({ role: 'tool', tool_call_id: 'c1', content: 'contents of a.ts' }),
    ]);
    expect(out.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'c2' });
  });

  it('native calls that share an id (or have none) each run once, in sequential mode too', async () => {
    const { actor, calls, client } = setup(
      [
        {
          events: [
            { type: 'tool-call', index: 0, id: '', name: 'read_file', argumentsDelta: '{"path":"a"}' },
            { type: 'tool-call', index: 1, id: '', name: 'read_file', argumentsDelta: '{"path":"b"}' },
            { type: 'finish', reason: 'tool_calls' },
          ],
        },
        {
          events: [
            { type: 'tool-call', index: 0, id: 'c9', name: 'attempt_completion', argumentsDelta: '{"result":"ok"}' },
            { type: 'finish', reason: 'tool_calls' },
          ],
        },
      ],
      {
        toolsPerMessage: 'sequential',
        toolDefinitions: [{ type: 'function', function: { name: 'read_file', parameters: {} } }],
      },
    );
    actor.start();
    const out = await toPromise(actor);
    expect(calls).toEqual(['read_file:a', 'read_file:b']);
    expect(out.reason).toBe('completed');
    const answered = client.requests[1].messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id);
    expect(new Set(answered).size).toBe(2);
  });

  it('retry.retryOn decides which errors are retried', async () => {
    const { actor } = setup(
      [
        {
          events: [{ type: 'text', text: 'half' }],
          error: new ChatError('malformed-chunk', 'bad json', { retryable: false }),
        },
        reply(DONE),
      ],
      { retry: { delaysMs: [0], retryOn: (e) => e.code === 'malformed-chunk' } },
    );
    actor.start();
    const out = await toPromise(actor);
    expect(out.reason).toBe('completed');
    expect(out.requests.map((r) => r.status)).toEqual(['failed', 'complete']);
  });

  it('a retryable error after a tool ran keeps the reply and its result instead of retrying', async () => {
    const { actor, calls, client } = setup(
      [
        {
          events: [{ type: 'text', text: `${READ_A} and then` }],
          error: new ChatError('truncated', 'cut', { retryable: true }),
        },
        reply(DONE),
      ],
      { toolsPerMessage: 'sequential' },
    );
    actor.start();
    const out = await toPromise(actor);
    expect(calls).toEqual(['read_file:a.ts']);
    expect(out.requests[0]).toMatchObject({ status: 'complete', error: { code: 'truncated' } });
    const history = client.requests[1].messages;
    expect(history[2]).toEqual({ role: 'assistant', content: `${READ_A} and then` });
    expect(history[3].content).toContain('contents of a.ts');
    expect(history[3].content).toContain('connection error');
  });

  it('tells the model when a reply without tools hit the token limit', async () => {
    const { actor, client } = setup([reply('a very long answer', 'length'), reply(DONE)]);
    actor.start();
    await toPromise(actor);
    expect(client.requests[1].messages.at(-1)?.content).toContain('output token limit');
  });

  it('the chat actor sends events that arrive together as one batch, losing none', async () => {
    // Three groups of deltas; each group arrives at once, the next only once the machine took the last.
    const groups = [
      ['w1 ', 'w2 ', 'w3 '],
      ['w4 ', 'w5 '],
      ['w6 ', DONE],
    ];
    const client = createScriptedClient([]);
    let actor!: Actor<typeof agentTurnMachine>;
    client.stream = async function* () {
      for (const [i, group] of groups.entries()) {
        // a batch of text deltas is absorbed as one event: after group i, i events
        if (i > 0) await waitFor(actor, (s) => s.context.replyEventCount === i);
        for (const text of group) {
          await Promise.resolve();
          yield { type: 'text', text };
        }
      }
      yield { type: 'finish', reason: 'stop' };
    };
    const batches: number[] = [];
    actor = createActor(agentTurnMachine, {
      input: { client, model: 'm', messages: [] },
      inspect: (e) => {
        const event = e.type === '@xstate.event' ? (e.event as { type: string; events?: unknown[] }) : undefined;
        if (event?.type === 'CHAT.CHUNKS') batches.push(event.events!.length);
      },
    });
    actor.start();
    const out = await toPromise(actor);
    expect(batches).toEqual([3, 2, 3]); // the finish arrived with the last group
    expect(out.requests[0].content).toBe(groups.flat().join(''));
    expect(out.reason).toBe('completed');
  });

  it('keeps reasoning out of the history when the reply starts inside a reasoning tag', async () => {
    const { actor, client } = setup([reply(['secret plan</think>Reading. ', READ_A]), reply(DONE)], {
      startInReasoning: true,
    });
    actor.start();
    const out = await toPromise(actor);
    expect(out.requests[0].blocks[0]).toMatchObject({ type: 'reasoning', reasoning: 'secret plan' });
    expect(client.requests[1].messages[2]).toEqual({ role: 'assistant', content: `Reading. ${READ_A}` });
  });

  it("strips the protocol's own reasoning tags from the history", async () => {
    const { actor, client } = setup([reply(['<thinking>secret plan</thinking>Reading. ', READ_A]), reply(DONE)], {
      protocol: clineProtocol.withReasoningTags(['thinking']),
    });
    actor.start();
    await toPromise(actor);
    expect(client.requests[1].messages[2]).toEqual({ role: 'assistant', content: `Reading. ${READ_A}` });
  });

  it('a reply of inline reasoning only is an empty reply', async () => {
    const { actor, client } = setup([reply('<think>hmm</think>'), reply(DONE)]);
    actor.start();
    await toPromise(actor);
    expect(client.requests[1].messages.slice(2)).toEqual([
      { role: 'assistant', content: '[empty reply]' },
      { role: 'user', content: expect.stringContaining('empty') },
    ]);
  });
  // A stream that delivers `first`, waits until the machine took it (`delivered`), then delivers
  // `later` and tells when the chat actor has read it (it asks for the next event); then it hangs
  // until cancelled. The chat actor flushes on a macrotask, so `later` is still in its backlog
  // while only microtasks ran: tests check that precondition (unsentEvents) before going on.
  function readButUnsent(first: string, later: string, delivered: () => Promise<unknown>) {
    let markRead!: () => void;
    const laterRead = new Promise<void>((resolve) => (markRead = resolve));
    const client = createScriptedClient([]);
    client.stream = async function* (_request, options) {
      yield { type: 'text', text: first };
      await delivered();
      yield { type: 'text', text: later };
      markRead();
      await new Promise<void>((resolve) => options?.signal?.addEventListener('abort', () => resolve(), { once: true }));
      throw new ChatError('aborted', 'aborted');
    };
    return { client, laterRead };
  }

  /** What the chat actor read and the machine has not been sent (the backlog is shared with the context). */
  const unsentEvents = (actor: Actor<typeof agentTurnMachine>) => actor.getSnapshot().context.chatBacklog.events;

  it('ABORT keeps events the chat actor read but had not sent yet', async () => {
    let actor!: Actor<typeof agentTurnMachine>;
    const { client, laterRead } = readButUnsent('Hello', ' there', () => waitFor(actor, (s) => s.hasTag('streaming')));
    actor = createActor(agentTurnMachine, {
      input: { client, model: 'm', messages: [{ role: 'user', content: 'task' }] },
    });
    actor.start();
    await laterRead;
    expect(unsentEvents(actor)).toEqual([{ type: 'text', text: ' there' }]);
    expect(actor.getSnapshot().context.blocks).toEqual([{ type: 'text', content: 'Hello', partial: true }]);
    actor.send({ type: 'ABORT' });
    const out = await toPromise(actor);
    expect(out.reason).toBe('aborted');
    expect(out.requests[0].content).toBe('Hello there');
    expect(out.messages[1]).toEqual({ role: 'assistant', content: 'Hello there' });
  });

  it('REJECT keeps events the chat actor read but had not sent yet', async () => {
    let actor!: Actor<typeof agentTurnMachine>;
    const { client, laterRead } = readButUnsent(READ_A, ' and more', () =>
      waitFor(actor, (s) => s.hasTag('awaiting-approval')),
    );
    actor = createActor(agentTurnMachine, {
      // The rejection drains the hanging stream until the grace ends: the unsent events are kept then too.
      input: {
        client,
        model: 'm',
        messages: [{ role: 'user', content: 'task' }],
        approval: true,
        toolsPerMessage: 'sequential',
        maxRequests: 1,
        drain: { graceMs: 10 },
      },
    });
    actor.start();
    await laterRead;
    expect(actor.getSnapshot().hasTag('awaiting-approval')).toBe(true);
    expect(unsentEvents(actor)).toEqual([{ type: 'text', text: ' and more' }]);
    actor.send({ type: 'REJECT', feedback: 'no' });
    const out = await toPromise(actor);
    expect(out.requests[0].content).toBe(`${READ_A} and more`);
    expect(out.messages[1]).toEqual({ role: 'assistant', content: `${READ_A} and more` });
  });
});
