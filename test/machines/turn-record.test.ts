// Persist and resume: a turn stopped at any snapshot (as a crash would) and resumed from its
// plain-JSON record finishes, runs every command exactly once, writes notes.md, and its history
// holds one result per tool use.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { ExecuteToolInput, ExecuteToolOutput } from '../../machines/actors/execute-tool-actor-types.js';
import {
  createAgentTurnActor,
  type AgentTurnActor,
  type AgentTurnSetup,
} from '../../machines/machine/agent-turn-actor.js';
import type { AgentTurnOutput } from '../../machines/machine/agent-turn-types.js';
import type { PersistedAgentTurn } from '../../machines/record/turn-record-types.js';
import type { ToolFunctions } from '../../machines/machine/tool-function-types.js';
import { selectView } from '../../machines/view/select-view.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import { createScriptedModel } from '../../scripted/index.js';
import { ABORTED_TOOL_TEXT, TOOL_OUTCOME_UNKNOWN_TEXT } from '../../machines/machine/turn-notes.js';
import { TEST_WIRE } from '../support/test-wire.js';

const COMMAND = 'echo run >> log.txt';
const TASK = `Run \`${COMMAND}\`, then write notes.md`;

interface World {
  files: Map<string, string>;
  /** Every tool call, in order. */
  calls: string[];
}

function tools(world: World): ToolFunctions {
  const { files, calls } = world;
  return {
    list_files: async () => (calls.push('list_files'), [...files.keys()].sort().join('\n')),
    read_file: async (use) => (
      calls.push('read_file'), files.get(use.params.path ?? '') ?? { content: 'no such file', isError: true }
    ),
    write_to_file: async (use) => {
      calls.push('write_to_file');
      files.set(use.params.path ?? '', use.params.content ?? '');
      return `The content was successfully saved to ${use.params.path}.`;
    },
    execute_command: async (use) => {
      calls.push(`execute_command:${use.params.command}`);
      if (use.params.command !== COMMAND) return { content: 'unknown command', isError: true };
      files.set('log.txt', (files.get('log.txt') ?? '') + 'run\n');
      return 'Command executed.';
    },
  };
}

function setupFor(world: World, options: Partial<AgentTurnSetup> = {}): AgentTurnSetup {
  const client = createChatClient({
    wire: TEST_WIRE,
    baseURL: 'http://scripted.local/v1',
    fetch: createScriptedModel({ pace: 0 }),
  });
  return {
    client,
    model: 'scripted',
    messages: [{ role: 'user', content: TASK }],
    tools: tools(world),
    retry: { delaysMs: [] },
    ...options,
  };
}

/** Approves every tool that waits (both before and after a restore). */
function autoApprove(actor: AgentTurnActor): void {
  actor.subscribe((s) => {
    if (s.hasTag('awaiting-approval'))
      queueMicrotask(() => actor.getSnapshot().hasTag('awaiting-approval') && actor.send({ type: 'APPROVE' }));
  });
}

/** Runs the turn and stops it at its `stopAt`-th snapshot, as a crash would; answers the record taken then (or undefined if it ended first). */
async function runUntil(
  setup: AgentTurnSetup,
  stopAt: number,
): Promise<{ record?: PersistedAgentTurn; snapshots: number }> {
  const actor = createAgentTurnActor(setup);
  let seen = 0;
  let record: PersistedAgentTurn | undefined;
  autoApprove(actor);
  const over = new Promise<void>((resolve) => {
    actor.subscribe({
      next: () => {
        seen++;
        if (seen === stopAt && record === undefined) {
          record = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as PersistedAgentTurn;
          actor.stop();
          resolve();
        }
      },
      complete: () => resolve(),
      error: () => resolve(),
    });
  });
  actor.start();
  await over;
  return { record, snapshots: seen };
}

/** The first record a crash leaves at `point`: the turn run on a copy of `world`, stopped one snapshot later each time. */
async function firstRecordAt(
  setup: AgentTurnSetup,
  world: World,
  point: PersistedAgentTurn['resume'],
): Promise<PersistedAgentTurn> {
  for (let k = 1; ; k++) {
    const { record } = await runUntil({ ...setup, tools: tools({ files: new Map(world.files), calls: [] }) }, k);
    if (record === undefined) throw new Error(`the turn ended without a snapshot at ${point}`);
    if (record.resume === point) return record;
  }
}

async function resume(setup: AgentTurnSetup, record: PersistedAgentTurn): Promise<AgentTurnOutput> {
  const actor = createAgentTurnActor({ ...setup, snapshot: record });
  autoApprove(actor);
  const done = toPromise(actor);
  actor.start();
  return done;
}

function checkWorld(world: World, output: AgentTurnOutput, label: string): void {
  expect(output.reason, label).toBe('completed');
  // The command ran exactly once, whatever the moment of the crash.
  expect(
    world.calls.filter((c) => c.startsWith('execute_command')),
    label,
  ).toHaveLength(1);
  expect(world.files.get('log.txt'), label).toBe('run\n');
  const notes = world.files.get('notes.md') ?? '';
  expect(notes.startsWith('# Notes for: Run `echo run >> log.txt`, then write notes.md'), label).toBe(true);
  expect(notes.endsWith('It really ends here.'), label).toBe(true);
  // One result per tool use in the history: never a duplicate.
  const text = output.messages.map((m) => m.content ?? '').join('\n');
  const commandCalls = new Set(
    output.messages.flatMap((m) =>
      (m.tool_calls ?? []).filter((c) => c.function.name === 'execute_command').map((c) => c.id),
    ),
  );
  const nativeResults = output.messages.filter(
    (m) => m.role === 'tool' && commandCalls.has(m.tool_call_id ?? ''),
  ).length;
  expect(text.split(`[execute_command for '${COMMAND}'] Result:`).length - 1 + nativeResults, label).toBe(1);
  const ids = output.requests.flatMap((r) => r.toolResults.map((t) => t.call_id));
  expect(new Set(ids).size, label).toBe(ids.length);
}

describe('persist and resume', () => {
  for (const variant of [
    { name: 'tag tools', options: {} },
    { name: 'native tools', options: { nativeTools: true } },
    {
      name: "'sequential', writes approved",
      options: { toolsPerMessage: 'sequential' as const, approval: ['write_to_file', 'execute_command'] },
    },
  ]) {
    it(`a turn stopped at any snapshot resumes to the same end (${variant.name})`, async () => {
      const reference: World = { files: new Map([['README.md', '# Demo\n']]), calls: [] };
      const total = (await runUntil(setupFor(reference, variant.options), Number.POSITIVE_INFINITY)).snapshots;
      expect(total).toBeGreaterThan(5);
      const points = new Map<string, number>();
      for (let k = 1; k < total; k++) {
        const world: World = { files: new Map([['README.md', '# Demo\n']]), calls: [] };
        const setup = setupFor(world, variant.options);
        const { record } = await runUntil(setup, k);
        if (record === undefined) continue;
        expect(JSON.parse(JSON.stringify(record))).toEqual(record); // plain JSON, nothing lost
        points.set(record.resume, (points.get(record.resume) ?? 0) + 1);
        const output = await resume(setup, record);
        checkWorld(
          world,
          output,
          `${variant.name}, stopped at snapshot ${k} (${record.state}, resume: ${record.resume})`,
        );
      }
      console.log(`${variant.name}: ${total - 1} stops, resume points ${JSON.stringify(Object.fromEntries(points))}`);
      expect(points.get('request')).toBeGreaterThan(0);
      expect(points.get('running-tool')).toBeGreaterThan(0);
    });
  }

  it('a finished turn resumes as finished, with its output', async () => {
    const world: World = { files: new Map(), calls: [] };
    const setup = setupFor(world);
    const actor = createAgentTurnActor(setup);
    const done = toPromise(actor);
    actor.start();
    const output = await done;
    const record = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as PersistedAgentTurn;
    expect(record.status).toBe('done');
    expect(record.resume).toBe('finished');
    const again = await resume(setup, record);
    expect(again.reason).toBe(output.reason);
    expect(again.result).toBe(output.result);
    expect(again.messages).toEqual(output.messages);
    expect(world.calls.filter((c) => c.startsWith('execute_command'))).toHaveLength(1);
  });

  it('an idempotent tool that was running runs again; any other gets an unknown outcome', async () => {
    for (const [task, tool, runsAgain] of [
      ['Read README.md', 'read_file', true],
      [TASK, `execute_command:${COMMAND}`, false],
    ] as const) {
      const world: World = { files: new Map([['README.md', '# Demo\n']]), calls: [] };
      const setup = { ...setupFor(world), messages: [{ role: 'user' as const, content: task }] };
      let k = 1;
      let record: PersistedAgentTurn | undefined;
      for (; ; k++) {
        const trial: World = { files: new Map(world.files), calls: [] };
        const r = await runUntil({ ...setup, tools: tools(trial) }, k);
        if (r.record?.resume === 'running-tool' && trial.calls.at(-1) === tool) {
          record = r.record;
          world.calls.push(...trial.calls);
          for (const [f, c] of trial.files) world.files.set(f, c);
          break;
        }
      }
      const view = selectView(createAgentTurnActor({ ...setup, snapshot: record }).getSnapshot());
      expect(view.phase).toBe(runsAgain ? 'running-tool' : 'waiting'); // else the reply is closed and the next request goes
      const output = await resume(setup, record!);
      expect(output.reason).toBe('completed');
      const results = output.requests.flatMap((r) => r.toolResults).filter((t) => tool.startsWith(t.name));
      expect(results).toHaveLength(1);
      expect(world.calls.filter((c) => c === tool)).toHaveLength(runsAgain ? 2 : 1);
      if (!runsAgain) {
        expect([results[0].content, results[0].isError]).toEqual([TOOL_OUTCOME_UNKNOWN_TEXT, true]);
        const closedTool = view.requests
          .flatMap((r) => r.blocks)
          .filter((b) => b.type === 'tool_use')
          .at(-1);
        expect(closedTool?.type === 'tool_use' && closedTool.status).toBe('error');
        // The same record marked 'interrupted' (the stream was cut, not the tool): the reply is closed
        // as an interruption closes it, and the tool is not labelled by the resume.
        const copy: World = { files: new Map(world.files), calls: [] };
        const out = await resume({ ...setup, tools: tools(copy) }, { ...record!, resume: 'interrupted' });
        const closed = out.requests[record!.turn.requests.length];
        expect(closed.toolResults.map((t) => t.content)).toEqual([ABORTED_TOOL_TEXT]);
      }
    }
  });

  it('a turn that ended aborted or failed resumes as it ended, running nothing', async () => {
    for (const [content, end] of [
      [TASK, 'aborted'],
      [`${TASK} fault:http-500-once`, 'failed'],
    ] as const) {
      const world: World = { files: new Map(), calls: [] };
      const setup = { ...setupFor(world), messages: [{ role: 'user' as const, content }] };
      const actor = createAgentTurnActor(setup);
      const done = toPromise(actor);
      actor.start();
      if (end === 'aborted') actor.send({ type: 'ABORT' });
      const output = await done;
      expect(output.reason).toBe(end);
      const record = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as PersistedAgentTurn;
      expect(record.resume).toBe('finished');
      const again = await resume(setup, record);
      expect([again.reason, again.error?.code, again.messages]).toEqual([end, output.error?.code, output.messages]);
      expect(world.calls).toEqual([]);
    }
  });

  it('a record whose index is not at a tool (edited, or another protocol) closes the reply with what had arrived', async () => {
    const world: World = { files: new Map([['README.md', '# Demo\n']]), calls: [] };
    const setup = { ...setupFor(world), messages: [{ role: 'user' as const, content: 'Read README.md' }] };
    const record = await firstRecordAt(setup, world, 'running-tool');
    const reply = record.turn.reply!;
    for (const edited of [
      {
        ...record,
        resume: 'awaiting-approval' as const,
        turn: { ...record.turn, reply: { ...reply, currentStreamingContentIndex: 99 } },
      },
      { ...record, turn: { ...record.turn, reply: { ...reply, currentStreamingContentIndex: 99 } } },
      { ...record, resume: 'interrupted' as const },
    ]) {
      const calls: string[] = [];
      const output = await resume({ ...setup, tools: tools({ files: new Map(world.files), calls }) }, edited);
      expect(output.reason).toBe('completed');
      // The reply is closed with the running tool's outcome unknown (an idempotent one: not run again within it).
      const closed = output.requests[record.turn.requests.length];
      expect(closed.toolResults.map((t) => [t.isError, t.content.includes('outcome is unknown')])).toEqual([
        [true, true],
      ]);
    }
  });

  it('a resumed approval that is rejected records the rejection with its feedback', async () => {
    const world: World = { files: new Map([['README.md', '# Demo\n']]), calls: [] };
    const setup = setupFor(world, { toolsPerMessage: 'sequential', approval: ['write_to_file', 'execute_command'] });
    const record = await firstRecordAt(setup, world, 'awaiting-approval');
    const actor = createAgentTurnActor({ ...setup, snapshot: record });
    let asked = 0;
    actor.subscribe((s) => {
      if (!s.hasTag('awaiting-approval')) return;
      const first = asked++ === 0;
      queueMicrotask(() => actor.send(first ? { type: 'REJECT', feedback: 'not this one' } : { type: 'APPROVE' }));
    });
    const done = toPromise(actor);
    actor.start();
    const output = await done;
    const closed = output.requests[record.turn.requests.length];
    expect(closed.toolResults.map((t) => [t.isError, t.content.includes('not this one')])).toEqual([[true, true]]);
  });

  it('a resumed idempotent tool whose run fails records the failure', async () => {
    const world: World = { files: new Map([['README.md', '# Demo\n']]), calls: [] };
    const setup = { ...setupFor(world), messages: [{ role: 'user' as const, content: 'Read README.md' }] };
    const record = await firstRecordAt(setup, world, 'running-tool');
    const machine = agentTurnMachine.provide({
      actors: {
        executeTool: fromPromise<ExecuteToolOutput, ExecuteToolInput>(async () => {
          throw new Error('the disk went away');
        }),
      },
    });
    const actor = createActor(machine, {
      input: { ...setup, model: record.turn.model, messages: record.turn.messages, resume: record },
    });
    const done = toPromise(actor);
    actor.start();
    const output = await done;
    const closed = output.requests[record.turn.requests.length];
    expect(closed.toolResults.map((t) => [t.isError, t.content.includes('the disk went away')])).toEqual([
      [true, true],
    ]);
  });

  it('an unreadable record is refused with a coded error', () => {
    const world: World = { files: new Map(), calls: [] };
    for (const bad of [
      null,
      {},
      { format: 'agent-turn/turn', version: 2 },
      { format: 'agent-turn/turn', version: 1, resume: 'request', turn: {} },
    ]) {
      expect(() => createAgentTurnActor({ ...setupFor(world), snapshot: bad as never })).toThrow(
        expect.objectContaining({ code: 'invalid-turn-record' }),
      );
    }
  });

  it('a turn waiting to retry resumes waiting only the rest of its delay', async () => {
    const world: World = { files: new Map(), calls: [] };
    const setup = {
      ...setupFor(world),
      messages: [{ role: 'user' as const, content: `${TASK} fault:http-500-once` }],
      retry: { delaysMs: [10_000] },
    };
    const actor = createAgentTurnActor(setup);
    actor.start();
    await new Promise((r) => setTimeout(r, 50));
    expect(actor.getSnapshot().value).toBe('retrying'); // the delay is really waited
    const record = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as PersistedAgentTurn;
    actor.stop();
    expect(record.resume).toBe('retrying');
    const due = record.turn.retryWait!.at;
    expect(due - record.savedAt).toBeGreaterThan(9000);
    // Later, the due time has passed: the resumed turn retries at once and completes.
    const later = { ...record, turn: { ...record.turn, retryWait: { ...record.turn.retryWait!, at: Date.now() - 1 } } };
    const resumed = createAgentTurnActor({ ...setup, snapshot: later });
    const done = toPromise(resumed);
    resumed.start();

    const output = await done;
    expect(output.reason).toBe('completed');
    expect(output.requests.filter((r) => r.status === 'failed')).toHaveLength(1);
    // Restored before the due time, it keeps the same due time.
    const early = createAgentTurnActor({ ...setup, snapshot: record });
    early.start();
    expect(early.getSnapshot().value).toBe('retrying');
    expect(early.getSnapshot().context.retryWait?.at).toBe(due);
    early.stop();
  });
});
