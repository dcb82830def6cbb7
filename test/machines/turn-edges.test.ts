// Edges of a turn that a UI and a caller rely on: what the output holds (and leaves out), a
// completion without a result, a reply with nothing in it, the request limit across retries, a
// tool actor that fails, and an ABORT while a retry waits.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { createAgentTurnActor } from '../../machines/machine/agent-turn-actor.js';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { ExecuteToolInput, ExecuteToolOutput } from '../../machines/actors/execute-tool-actor-types.js';
import { selectView } from '../../machines/view/select-view.js';
import { ChatError } from '../../src/wire/errors.js';
import type { ChatClient, ChatStreamEvent } from '../../src/wire/types.js';

/** A client that answers the n-th request with `replies[n]`: text, a thrown error, or no event at all (null). */
function clientOf(replies: readonly (string | ChatError | null)[]): ChatClient & { calls: () => number } {
  let n = 0;
  return {
    calls: () => n,
    async *stream() {
      const reply = replies[Math.min(n++, replies.length - 1)];
      if (reply instanceof ChatError) throw reply;
      if (reply === null) return; // a stream that ends with no event at all
      yield { type: 'text', text: reply } as ChatStreamEvent;
      yield { type: 'finish', reason: 'stop' } as ChatStreamEvent;
    },
    complete: async () => {
      throw new Error('not used');
    },
  };
}

const DONE = '<attempt_completion><result>all done</result></attempt_completion>';
const READ = '<read_file><path>a.ts</path></read_file>';
const networkError = () => new ChatError('network', 'connection reset', { retryable: true });

async function run(client: ChatClient, options: Record<string, unknown> = {}) {
  const actor = createAgentTurnActor({
    client,
    model: 'scripted',
    messages: [{ role: 'user', content: 'go' }],
    tools: { read_file: async () => 'A' },
    retry: { delaysMs: [0] },
    ...options,
  });
  const done = toPromise(actor);
  actor.start();
  return { actor, output: await done };
}

describe('the output', () => {
  it('holds a result only when the turn completed, and an error only when it failed', async () => {
    const { output: completed } = await run(clientOf([DONE]));
    expect(completed.reason).toBe('completed');
    expect(completed.result).toBe('all done');
    expect('error' in completed).toBe(false);

    const { output: failed } = await run(clientOf([networkError()]), { retry: { delaysMs: [] } });
    expect(failed.reason).toBe('failed');
    expect(failed.error?.code).toBe('network');
    expect('result' in failed).toBe(false);
  });

  it('a completion without a result is a missing parameter: the model is told, the turn goes on (issue 21)', async () => {
    const { output } = await run(
      clientOf([
        '<attempt_completion></attempt_completion>',
        '<attempt_completion><result>ok</result></attempt_completion>',
      ]),
    );
    expect(output.reason).toBe('completed');
    expect(output.result).toBe('ok');
    expect(output.requests).toHaveLength(2);
  });
});

describe('replies', () => {
  it('a reply with nothing in it is answered like any reply without a tool, never waited on', async () => {
    const client = clientOf([null, null, null, null, null]);
    const { output } = await run(client, { maxConsecutiveMistakes: 2 });
    expect(output.reason).toBe('too_many_mistakes');
    expect(output.requests.length).toBe(client.calls());
    expect(output.requests.every((r) => r.blocks.length === 0)).toBe(true);
  });

  it('a retried attempt is the same request: maxRequests counts requests, not attempts', async () => {
    const client = clientOf([networkError(), READ, READ, DONE]);
    const { output } = await run(client, { maxRequests: 2 });
    expect(output.reason).toBe('max_requests');
    // Two requests answered (the first after its retry): both reads ran.
    expect(output.requests.flatMap((r) => r.toolResults.map((t) => t.content))).toEqual(['A', 'A']);
    expect(client.calls()).toBe(3);
  });
});

describe('tools', () => {
  it('a tool actor that fails gives an error result and an error status', async () => {
    const machine = agentTurnMachine.provide({
      actors: {
        executeTool: fromPromise<ExecuteToolOutput, ExecuteToolInput>(async () => {
          throw new Error('the tool runner crashed');
        }),
      },
    });
    const actor = createActor(machine, {
      input: {
        client: clientOf([READ, DONE]),
        model: 'scripted',
        messages: [{ role: 'user', content: 'go' }],
        tools: {},
      },
    });
    const done = toPromise(actor);
    actor.start();
    const output = await done;
    const [result] = output.requests[0].toolResults;
    expect(result.isError).toBe(true);
    expect(result.content).toContain('the tool runner crashed');
    const tool = selectView(actor.getSnapshot()).requests[0].blocks.find((b) => b.type === 'tool_use');
    expect(tool?.type === 'tool_use' && tool.status).toBe('error');
  });
});

describe('ABORT', () => {
  it('while a retry waits: the turn ends aborted with only the failed attempt recorded', async () => {
    const actor = createAgentTurnActor({
      client: clientOf([networkError(), DONE]),
      model: 'scripted',
      messages: [{ role: 'user', content: 'go' }],
      retry: { delaysMs: [60_000] },
    });
    const done = toPromise(actor);
    actor.start();
    await waitFor(actor, (s) => s.hasTag('retrying'));
    const before = actor.getSnapshot().context;
    actor.send({ type: 'ABORT' });
    const output = await done;
    expect(output.reason).toBe('aborted');
    expect(output.requests.map((r) => r.status)).toEqual(['failed']);
    expect(output.messages).toEqual(before.messages);
  });
});

describe('the presentation index while a reply drains', () => {
  /** A first reply that stays open after `text` (until the turn cancels it); later replies complete. */
  function openReply(text: string): ChatClient {
    let n = 0;
    return {
      async *stream(_request, options) {
        if (n++ > 0) {
          yield { type: 'text', text: DONE } as ChatStreamEvent;
          return;
        }
        yield { type: 'text', text } as ChatStreamEvent;
        await new Promise<void>((resolve) => {
          if (options?.signal?.aborted) resolve();
          options?.signal?.addEventListener('abort', () => resolve());
        });
      },
      complete: async () => {
        throw new Error('not used');
      },
    };
  }

  it('is past the completion tool once it is accepted', async () => {
    const actor = createAgentTurnActor({
      client: openReply(`Finished.\n${DONE}`),
      model: 'scripted',
      messages: [{ role: 'user', content: 'go' }],
    });
    actor.start();
    const draining = await waitFor(actor, (s) => s.hasTag('closing'));
    const view = selectView(draining);
    expect(view.blocks.map((b) => b.type)).toEqual(['text', 'tool_use']);
    expect(view.currentStreamingContentIndex).toBe(2);
    actor.send({ type: 'ABORT' });
  });

  it('is past a rejected tool', async () => {
    const actor = createAgentTurnActor({
      client: openReply(`Reading.\n${READ}`),
      model: 'scripted',
      messages: [{ role: 'user', content: 'go' }],
      tools: { read_file: async () => 'A' },
      approval: ['read_file'],
      toolsPerMessage: 'sequential',
    });
    actor.start();
    await waitFor(actor, (s) => s.hasTag('awaiting-approval'));
    actor.send({ type: 'REJECT', feedback: 'no' });
    const view = selectView(await waitFor(actor, (s) => s.hasTag('closing')));
    expect(view.blocks.map((b) => b.type)).toEqual(['text', 'tool_use']);
    expect(view.currentStreamingContentIndex).toBe(2);
    actor.send({ type: 'ABORT' });
  });
});

describe('a connection that never opened', () => {
  /** The transitions (`from -> to`, state ids) the turn takes, microstep by microstep. */
  async function transitionsOf(client: ChatClient) {
    const steps: string[] = [];
    const actor = createAgentTurnActor({
      client,
      model: 'scripted',
      messages: [{ role: 'user', content: 'go' }],
      retry: { delaysMs: [] },
      actorOptions: {
        inspect: (e) => {
          if (e.type !== '@xstate.microstep') return;
          for (const t of (e as { _transitions?: { source: { id: string }; target?: { id: string }[] }[] })
            ._transitions ?? [])
            for (const target of t.target ?? []) steps.push(`${t.source.id} -> ${target.id}`);
        },
      },
    });
    const done = toPromise(actor);
    actor.start();
    return { steps, output: await done };
  }

  it('goes from requesting straight to streamFailed: it is never drawn as streaming', async () => {
    const { steps, output } = await transitionsOf(clientOf([networkError()]));
    expect(output.reason).toBe('failed');
    expect(steps).toContain('agentTurn.request.requesting -> agentTurn.request.streamFailed');
    expect(steps.some((s) => s.endsWith('-> agentTurn.request.streaming'))).toBe(false);
  });

  it('a stream that fails after its first byte still streams first', async () => {
    const failing: ChatClient = {
      async *stream() {
        yield { type: 'text', text: 'Hel' } as ChatStreamEvent;
        throw networkError();
      },
      complete: async () => {
        throw new Error('not used');
      },
    };
    const { steps } = await transitionsOf(failing);
    expect(steps).toContain('agentTurn.request.requesting -> agentTurn.request.streaming');
    expect(steps).toContain('agentTurn.request.streaming -> agentTurn.request.streamFailed');
  });
});
