// A persisted turn is data, never authority (issue 28 §1): when a turn is restored, approval,
// idempotentTools, limits and every other policy come from the caller's input; an edited record
// (a session file, a page's localStorage) can neither skip an approval, re-run a command nobody
// approved, lift a limit, nor crash the machine with a broken option.
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import {
  createAgentTurnActor,
  type AgentTurnActor,
  type AgentTurnSetup,
} from '../../machines/machine/agent-turn-actor.js';
import type { PersistedAgentTurn, PersistedTurnOptions } from '../../machines/record/turn-record-types.js';
import type { ToolFunctions } from '../../machines/machine/tool-function-types.js';
import { restoreTurnContext } from '../../machines/record/turn-record.js';
import { resolveTurnOptions } from '../../machines/machine/turn-context.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import { createScriptedModel } from '../../scripted/index.js';
import { TEST_WIRE } from '../support/test-wire.js';

const TASK = 'Run `echo run >> log.txt`, then write notes.md';

function world() {
  const calls: string[] = [];
  const tools: ToolFunctions = {
    list_files: async () => (calls.push('list_files'), 'README.md'),
    read_file: async () => (calls.push('read_file'), 'hello'),
    write_to_file: async (use) => (calls.push(`write_to_file:${use.params.path}`), 'saved'),
    execute_command: async (use) => (calls.push(`execute_command:${use.params.command}`), 'ran'),
  };
  return { calls, tools };
}

function setup(tools: ToolFunctions, options: Partial<AgentTurnSetup> = {}): AgentTurnSetup {
  return {
    client: createChatClient({
      wire: TEST_WIRE,
      baseURL: 'http://scripted.local/v1',
      fetch: createScriptedModel({ pace: 0 }),
    }),
    model: 'scripted',
    messages: [{ role: 'user', content: TASK }],
    tools,
    retry: { delaysMs: [] },
    ...options,
  };
}

/** Runs a turn (every approval granted) and keeps the first record taken at `point`. */
async function recordAt(
  point: PersistedAgentTurn['resume'],
  options: Partial<AgentTurnSetup> = {},
  accept: (calls: readonly string[]) => boolean = () => true,
) {
  const { calls, tools } = world();
  const actor = createAgentTurnActor(setup(tools, { approval: true, ...options }));
  let record: PersistedAgentTurn | undefined;
  actor.subscribe((s) => {
    if (record === undefined) {
      const r = actor.getPersistedSnapshot();
      if (r.resume === point && accept(calls)) {
        record = JSON.parse(JSON.stringify(r)) as PersistedAgentTurn;
        queueMicrotask(() => actor.stop());
        return;
      }
    }
    if (s.hasTag('awaiting-approval'))
      queueMicrotask(() => actor.getSnapshot().hasTag('awaiting-approval') && actor.send({ type: 'APPROVE' }));
  });
  const done = toPromise(actor).catch(() => undefined);
  actor.start();
  await Promise.race([done, new Promise((r) => setTimeout(r, 2000))]);
  if (record === undefined) throw new Error(`no record at ${point}`);
  return record;
}

/** Resumes and answers nothing: a tool that waits for approval is where the turn stops. */
async function resumeWithoutAnswers(actor: AgentTurnActor): Promise<'awaiting-approval' | 'done'> {
  return new Promise((resolve) => {
    actor.subscribe({
      next: (s) => {
        if (s.hasTag('awaiting-approval')) resolve('awaiting-approval');
        if (s.status === 'done') resolve('done');
      },
      error: () => resolve('done'),
    });
    actor.start();
  });
}

function edited(record: PersistedAgentTurn, options: Partial<Record<keyof PersistedTurnOptions, unknown>>) {
  const copy = JSON.parse(JSON.stringify(record)) as PersistedAgentTurn;
  Object.assign(copy.turn.options, options);
  return copy;
}

describe('a restored turn takes its policy from the caller, never from the record', () => {
  it('an emptied approval list in the record does not let a command run unasked', async () => {
    const record = edited(await recordAt('request'), { approval: [] });
    const { calls, tools } = world();
    const actor = createAgentTurnActor({
      ...setup(tools, { approval: ['execute_command', 'write_to_file'] }),
      snapshot: record,
    });
    expect(await resumeWithoutAnswers(actor)).toBe('awaiting-approval');
    expect(calls.filter((c) => c.startsWith('execute_command') || c.startsWith('write_to_file'))).toEqual([]);
    actor.stop();
  });

  it('a command marked idempotent in the record is not run again after a crash while it ran', async () => {
    // Taken while the command runs (the tool has started: the record says it is running).
    const record = await recordAt('running-tool', {}, (calls) => calls.at(-1)?.startsWith('execute_command') === true);
    const attack = edited(record, { idempotentTools: ['read_file', 'execute_command', 'write_to_file', 'list_files'] });
    const { calls, tools } = world();
    const actor = createAgentTurnActor({ ...setup(tools, { approval: true }), snapshot: attack });
    actor.subscribe((s) => {
      if (s.hasTag('awaiting-approval')) queueMicrotask(() => actor.stop());
    });
    const done = toPromise(actor).catch(() => undefined);
    actor.start();
    await Promise.race([done, new Promise((r) => setTimeout(r, 500))]);
    // The command that was running when the process stopped must not start again unasked.
    expect(calls.filter((c) => c.startsWith('execute_command'))).toEqual([]);
  });

  it("a raised maxRequests in the record does not lift the caller's limit", async () => {
    const record = edited(await recordAt('request'), { maxRequests: 1000, approval: [] });
    const { tools } = world();
    const output = await toPromise(
      (() => {
        const a = createAgentTurnActor({ ...setup(tools, { maxRequests: 1 }), snapshot: record });
        a.start();
        return a;
      })(),
    );
    expect(output.reason).toBe('max_requests');
    expect(output.requests.length).toBe(1);
  });

  // Each recorded option, set to a hostile value and to null: the restored context's options are
  // exactly the caller's (a record cannot change them, nor break the machine with a null).
  const hostile: Record<keyof PersistedTurnOptions, unknown> = {
    maxRequests: 1e9,
    toolsPerMessage: 'sequential',
    approval: [],
    completionTool: 'execute_command',
    retryDelaysMs: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    maxConsecutiveMistakes: 1e9,
    startInReasoning: true,
    drain: { graceMs: 1e9, maxChars: 1e12 },
    contextWindow: 1e12,
    maxOutputTokens: 1e12,
    idempotentTools: ['execute_command', 'write_to_file'],
    mode: 'plan',
    readOnlyTools: ['execute_command', 'write_to_file'],
    history: {
      reasoning: 'all',
      reasoningField: 'reasoning',
      keepInlineReasoning: true,
      opaque: [],
      emptyToolCallContent: 'empty-string',
    },
  };
  for (const [field, value] of Object.entries(hostile)) {
    for (const variant of [value, null]) {
      it(`turn.options.${field} = ${JSON.stringify(variant)} in the record is ignored`, async () => {
        const record = edited(await recordAt('awaiting-approval'), { [field]: variant });
        const { tools } = world();
        const input = { ...setup(tools, { approval: ['execute_command', 'write_to_file'], maxRequests: 5 }) };
        const context = restoreTurnContext(record, { ...input, model: record.turn.model, idPrefix: () => 'x' });
        const expected = resolveTurnOptions({ ...input, model: record.turn.model, idPrefix: () => 'x' });
        const { retryOn: _a, newIdPrefix: _b, ...got } = context.options;
        const { retryOn: _c, newIdPrefix: _d, ...want } = expected;
        expect(got).toEqual(want);
        // And the machine runs with it: the approval is asked again, nothing crashes.
        const actor = createAgentTurnActor({ ...input, snapshot: record });
        expect(await resumeWithoutAnswers(actor)).toBe('awaiting-approval');
        actor.stop();
      });
    }
  }
});
