// The view model: one phase tag per state, tool statuses through a tool's life (ready and cut-off
// included), request numbers across retries, the estimated flag, and — as properties over random
// event sequences — keys that are unique and stable and tool statuses that never change once settled.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { AgentTurnEvent } from '../../machines/machine/agent-turn-types.js';
import { readMachineGraph, type StateNodeLike } from '../../machines/graph/machine-graph.js';
import { isBlockSettled } from '../../machines/view/select-view.js';
import { TURN_PHASES, type TurnPhase } from '../../machines/view/turn-phase.js';
import type { AgentTurnView, BlockView, ToolBlockView } from '../../machines/view/turn-view-types.js';
import { ChatError } from '../../src/wire/errors.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';
import { drivenTurn } from '../support/driven-turn.js';

type Snap = SnapshotFrom<typeof agentTurnMachine>;

const READ = (path: string) => `<read_file>\n<path>${path}</path>\n</read_file>`;
const WRITE = '<write_to_file>\n<path>w.ts</path>\n<content>\nx\n</content>\n</write_to_file>';
const DONE = '<attempt_completion>\n<result>fin</result>\n</attempt_completion>';
const chunk = (...events: ChatStreamEvent[]): AgentTurnEvent => ({ type: 'CHAT.CHUNKS', events });
const text = (t: string) => chunk({ type: 'text', text: t });

const tools = (v: AgentTurnView) =>
  v.requests.flatMap((r) => r.blocks).filter((b): b is ToolBlockView => b.type === 'tool_use');

describe('phase tags', () => {
  const graph = readMachineGraph(agentTurnMachine.root as unknown as StateNodeLike);
  const tagsOf = (path: string) => {
    let node = agentTurnMachine.root as unknown as { states: Record<string, unknown>; tags: string[] };
    for (const key of path.split('.')) node = node.states[key] as typeof node;
    return node.tags;
  };

  it('gives every state exactly one phase tag', () => {
    const expected: Record<string, TurnPhase> = {
      starting: 'waiting',
      fittingContext: 'waiting',
      'resumed.awaitingApproval': 'awaiting-approval',
      'resumed.executingTool': 'running-tool',
      'request.requesting': 'waiting',
      'request.streaming': 'streaming',
      'request.toolReady': 'streaming',
      'request.checkingTool': 'streaming',
      'request.reviewingTool': 'running-tool',
      'request.streamFailed': 'streaming',
      'request.draining': 'closing',
      'request.awaitingApproval': 'awaiting-approval',
      'request.executingTool': 'running-tool',
      finalizing: 'closing',
      checkingStop: 'closing',
      recursing: 'closing',
      retrying: 'retrying',
      done: 'finished',
      aborted: 'finished',
      failed: 'finished',
    };
    for (const node of graph.nodes.values()) {
      if (node.path === '') continue;
      if (node.children.length > 0) {
        expect(tagsOf(node.path), node.path).toEqual([]); // a compound state's phase is its active child's
        continue;
      }
      const tags = tagsOf(node.path);
      expect(tags, node.path).toEqual([expected[node.path]]);
      expect(TURN_PHASES).toContain(tags[0]);
    }
  });

  it('is what the view reports as the phase', async () => {
    const t = drivenTurn({ approval: ['write_to_file'], toolsPerMessage: 'sequential' });
    expect(t.view().phase).toBe('waiting');
    t.send(text('Hi. '));
    expect(t.view()).toMatchObject({ phase: 'streaming', state: 'request.streaming' });
    t.send(text(READ('a.ts')));
    expect(t.view()).toMatchObject({ phase: 'running-tool', state: 'request.executingTool' });
    await t.finishTool();
    t.send(text(WRITE));
    expect(t.view()).toMatchObject({ phase: 'awaiting-approval', state: 'request.awaitingApproval' });
    expect(t.actor.getSnapshot().hasTag('awaiting-approval')).toBe(true);
    t.send({ type: 'ABORT' });
    expect(t.view()).toMatchObject({ phase: 'finished', done: true, reason: 'aborted' });
  });
});

describe('tool statuses', () => {
  it('a complete tool waiting behind a running one is ready; in one-tool mode it ends skipped', async () => {
    const t = drivenTurn();
    t.send(text(`${READ('a.ts')}\n${READ('b.ts')}`));
    const open = tools(t.view());
    expect(open.map((b) => b.status)).toEqual(['running', 'ready']);
    expect(open.every((b) => !('result' in b))).toBe(true);
    await t.finishTool({ content: 'A', isError: false });
    expect(t.view()).toMatchObject({ phase: 'closing', state: 'request.draining' }); // reading on for the usage
    t.send({ type: 'CHAT.END' });
    const first = t.view().requests[0];
    expect(first.status).toBe('complete');
    const [a, b] = first.blocks.filter((x): x is ToolBlockView => x.type === 'tool_use');
    expect(a).toMatchObject({ status: 'done', result: 'A', isError: false, key: `0:${a.call_id}`, request: 1 });
    expect(b).toMatchObject({ status: 'skipped', isError: true });
    expect(b.status === 'skipped' && b.result).toMatch(/^Not run: only one tool/);
  });

  it('ABORT while a reply drains keeps the status the view showed for what followed the stop', () => {
    const t = drivenTurn({ approval: ['write_to_file'] });
    t.send(text(WRITE)); // 'one' mode: the presentation stops at this tool, which waits for approval
    t.send(chunk({ type: 'tool-call', index: 0, id: 'native1', name: 'read_file', argumentsDelta: '{"path":"n' }));
    t.send(chunk({ type: 'finish', reason: 'length' }));
    t.send({ type: 'CHAT.END' });
    const before = tools(t.view());
    expect(before.map((b) => b.status)).toEqual(['awaiting-approval', 'skipped']);
    t.send({ type: 'ABORT' });
    const after = tools(t.view());
    expect(after.map((b) => b.status)).toEqual(['skipped', 'skipped']);
    expect(after[1]).toEqual(before[1]);
    expect(after[0].status === 'skipped' && after[0].result).toMatch(/interrupted/);
  });

  it('a tool whose end never arrives is cut off as soon as the stream ends, with the reason', async () => {
    const t = drivenTurn({ toolsPerMessage: 'sequential' });
    t.send(text(`${READ('a.ts')}\n<read_file>\n<path>b`));
    expect(tools(t.view()).map((b) => b.status)).toEqual(['running', 'streaming']);
    t.send({ type: 'CHAT.END' });
    const cut = tools(t.view())[1];
    expect(cut).toMatchObject({ status: 'cut-off', isError: true });
    expect(cut.status === 'cut-off' && cut.result).toContain('the closing tag </read_file> never arrived');
    await t.finishTool();
    expect(tools(t.view()).map((b) => b.status)).toEqual(['done', 'cut-off']);
  });

  it('a tool the end cut off stays cut off when an earlier tool is then rejected', () => {
    const t = drivenTurn({ approval: ['write_to_file'], toolsPerMessage: 'sequential' });
    t.send(text(`${WRITE}\n<read_file>\n<path>a.ts</path>\n`));
    t.send({ type: 'CHAT.END' });
    expect(tools(t.view()).map((b) => b.status)).toEqual(['awaiting-approval', 'cut-off']);
    t.send({ type: 'REJECT', feedback: 'no' });
    const after = tools(t.view());
    expect(after.map((b) => b.status)).toEqual(['rejected', 'cut-off']);
    expect(after[1].status === 'cut-off' && after[1].result).toContain('never arrived');
  });

  it('errors and rejections carry their result; the completion tool is marked', async () => {
    const t = drivenTurn({ approval: ['write_to_file'], toolsPerMessage: 'sequential' });
    t.send(text(READ('a.ts')));
    await t.failTool(new Error('disk on fire'));
    t.send(text(WRITE));
    t.send({ type: 'REJECT', feedback: 'no' });
    const [failed, rejected] = tools(t.view());
    expect(failed).toMatchObject({ status: 'error', isError: true, result: 'Error: disk on fire' });
    expect(rejected).toMatchObject({ status: 'rejected', isError: true });
    t.send({ type: 'CHAT.END' });
    t.send(text(DONE));
    const completion = tools(t.view()).at(-1)!;
    expect(completion).toMatchObject({
      name: 'attempt_completion',
      isCompletion: true,
      status: 'done',
      key: `1:${completion.call_id}`,
      request: 2,
    });
    expect(failed.isCompletion).toBe(false);
  });
});

describe('request numbers and tokens', () => {
  it('numbers requests from 1, a retry keeping its number and marking the failed attempt retried', async () => {
    const t = drivenTurn();
    t.send(text('Looking'));
    t.send({ type: 'CHAT.ERROR', error: new ChatError('http', '503', { status: 503 }) });
    expect(t.view()).toMatchObject({ phase: 'retrying', request: 1 });
    await t.settle();
    const v = t.view();
    expect(v.phase).toBe('waiting');
    expect(v.requests.map((r) => [r.key, r.number, r.attempt, r.status, r.retried])).toEqual([
      ['0', 1, 0, 'failed', true],
      ['1', 1, 1, 'streaming', false],
    ]);
    expect(v.requests[0].error).toEqual({ code: 'http', message: '503', status: 503 });
    t.send(text(READ('a.ts')));
    await t.finishTool();
    t.send({ type: 'CHAT.END' });
    expect(t.view().request).toBe(2);
    expect(t.view().requests.at(-1)).toMatchObject({ key: '2', number: 2, attempt: 0 });
  });

  it('estimates tokens from the text until the provider reports usage', () => {
    const t = drivenTurn();
    t.send(chunk({ type: 'reasoning', text: 'abcdefgh' }, { type: 'text', text: 'twelve chars' }));
    expect(t.view().tokens).toEqual({ total: 5, reasoning: 2, estimated: true });
    const [reasoning] = t.view().blocks;
    expect(reasoning).toMatchObject({ type: 'reasoning', tokens: 2, estimated: true });
    t.send(
      chunk({ type: 'usage', usage: { promptTokens: 10, completionTokens: 30, totalTokens: 40, reasoningTokens: 25 } }),
    );
    t.send({ type: 'CHAT.END' });
    const v = t.view();
    expect(v.tokens).toEqual({ total: 40, reasoning: 25, estimated: false });
    expect(v.requests[0].blocks[0]).toMatchObject({ type: 'reasoning', tokens: 25, estimated: false });
  });

  it('estimates a request the provider sent no usage for, and marks it (and the sums) estimated', () => {
    const t = drivenTurn({ messages: [{ role: 'user', content: 'a task of forty characters, give or take' }] });
    t.send(
      chunk(
        { type: 'reasoning', text: 'abcdefgh' },
        { type: 'text', text: READ('a.ts') },
        { type: 'finish', reason: 'stop' },
        { type: 'usage', usage: { promptTokens: 10, completionTokens: 30, totalTokens: 40, reasoningTokens: 25 } },
      ),
    );
    t.send({ type: 'CHAT.END' });
    return t.finishTool().then(() => {
      // The first request: the provider's figures.
      expect(t.view().requests[0].usage).toEqual({
        promptTokens: 10,
        completionTokens: 30,
        totalTokens: 40,
        reasoningTokens: 25,
        estimated: false,
      });
      expect(t.view().tokens).toEqual({ total: 40, reasoning: 25, estimated: false });
      // The second: none sent, so an estimate of its prompt (the history) and its output.
      t.send(chunk({ type: 'text', text: DONE }));
      expect(t.view().tokens.estimated).toBe(true); // the open reply is counted from its text
      t.send({ type: 'CHAT.END' });
      const v = t.view();
      expect(v.done).toBe(true);
      const second = v.requests[1].usage!;
      expect(second.estimated).toBe(true);
      expect(second.completionTokens).toBe(Math.ceil(DONE.length / 4));
      expect(second.promptTokens).toBeGreaterThan(10);
      expect(v.usage).toMatchObject({ totalTokens: 40 + second.totalTokens, estimated: true });
      expect(v.tokens).toEqual({ total: 40 + second.totalTokens, reasoning: 25, estimated: true });
      expect(t.actor.getSnapshot().output?.usage.estimated).toBe(true);
    });
  });

  it('leaves an attempt that received nothing without usage', async () => {
    const t = drivenTurn();
    t.send({ type: 'CHAT.ERROR', error: new ChatError('http', '429', { status: 429 }) });
    expect(t.view().requests[0].usage).toBeUndefined();
    expect(t.view().usage).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: false });
  });

  it('reports reasoning the provider counted but did not show', () => {
    const t = drivenTurn();
    t.send(
      chunk(
        { type: 'text', text: 'Answer.' },
        { type: 'usage', usage: { promptTokens: 1, completionTokens: 9, totalTokens: 10, reasoningTokens: 7 } },
      ),
    );
    t.send({ type: 'CHAT.END' });
    expect(t.view().requests[0].hiddenReasoningTokens).toBe(7);
  });
});

describe('block identity', () => {
  it('a block whose view did not change is the same object in the next view; a changed one is new', async () => {
    const t = drivenTurn({ toolsPerMessage: 'sequential' });
    t.send(text(`Intro.\n${READ('a.ts')}\nAfter`));
    const v1 = t.view();
    expect(v1.blocks.map((b) => [b.type, b.status])).toEqual([
      ['text', 'complete'],
      ['tool_use', 'running'],
      ['text', 'streaming'],
    ]);
    t.send(text(' more'));
    const v2 = t.view();
    expect(v2.blocks[0]).toBe(v1.blocks[0]);
    expect(v2.blocks[1]).toBe(v1.blocks[1]);
    expect(v2.blocks[2]).not.toBe(v1.blocks[2]);
    await t.finishTool();
    const v3 = t.view();
    expect(v3.blocks[0]).toBe(v1.blocks[0]);
    expect(v3.blocks[1]).not.toBe(v1.blocks[1]);
    expect(v3.blocks[1]).toMatchObject({ status: 'done' });
    t.send({ type: 'CHAT.END' });
    const v4 = t.view();
    // the reply is recorded: its complete blocks keep their objects
    expect(v4.requests[0].blocks[0]).toBe(v1.blocks[0]);
    expect(v4.requests[0].blocks[1]).toBe(v3.blocks[1]);
    t.actor.stop();
  });
});

// --- properties over random event sequences ---

const ALPHABET: (AgentTurnEvent | 'tool-done' | 'tool-error' | 'tick')[] = [
  text('Looking around. '),
  chunk({ type: 'reasoning', text: 'Let me think.' }),
  text('<read_file>\n<path>a.ts</path>\n'),
  text('</read_file>'),
  text(WRITE),
  text(DONE),
  chunk({ type: 'finish', reason: 'length' }),
  chunk({ type: 'usage', usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 } }),
  chunk({ type: 'tool-call', index: 0, id: 'native1', name: 'read_file', argumentsDelta: '{"path":"n.ts"}' }),
  { type: 'CHAT.END' },
  { type: 'CHAT.ERROR', error: new ChatError('http', '503', { status: 503 }) },
  { type: 'CHAT.ERROR', error: new ChatError('provider-error', 'bad request', { retryable: false }) },
  { type: 'APPROVE' },
  { type: 'REJECT', feedback: 'no' },
  { type: 'ABORT' },
  'tool-done',
  'tool-error',
  'tick',
];

const SETTLED = new Set(['done', 'error', 'rejected', 'skipped', 'cut-off']);

function checkView(v: AgentTurnView, snap: Snap): void {
  const keys = new Set<string>();
  let number = 0;
  v.requests.forEach((r, i) => {
    expect(r.index).toBe(i);
    expect(r.key).toBe(String(i));
    if (r.attempt === 0) number++;
    expect(r.number).toBe(Math.max(1, number));
    r.blocks.forEach((b, j) => {
      expect(b.key.startsWith(`${r.key}:${b.type === 'tool_use' ? b.call_id : j}`)).toBe(true);
      expect(b.request).toBe(r.number);
      expect(keys.has(b.key)).toBe(false);
      keys.add(b.key);
      if (b.type === 'tool_use') {
        expect('result' in b).toBe(SETTLED.has(b.status));
        if ('result' in b) expect(b.isError).toBe(b.status !== 'done');
        if (r.status !== 'streaming') expect(['streaming', 'awaiting-approval', 'running']).not.toContain(b.status);
      }
      expect(isBlockSettled(b)).toBe(b.type === 'tool_use' ? SETTLED.has(b.status) : b.status === 'complete');
    });
  });
  expect(v.request).toBe(Math.max(1, number));
  // Totals: the recorded usage (estimated where the provider sent none) plus the open reply's text so far.
  const open = v.requests.find((r) => r.status === 'streaming');
  expect(v.tokens.total).toBeGreaterThanOrEqual(v.usage.totalTokens);
  if (v.usage.estimated) expect(v.tokens.estimated).toBe(true);
  if (open === undefined)
    expect([v.tokens.total, v.tokens.estimated]).toEqual([v.usage.totalTokens, v.usage.estimated]);
  for (const r of v.requests) if (r.status !== 'streaming' && r.usage?.estimated) expect(v.usage.estimated).toBe(true);
  expect(snap.hasTag(v.phase)).toBe(true);
  expect(v.done).toBe(v.phase === 'finished');
}

/** The chat actor's contract: after the stream's end, its error or a STOP it sends nothing more for this request. */
function chatIsOver(s: Snap): boolean {
  const c = s.context;
  return c.streamEnded || c.streamError !== undefined || c.readingStopped;
}

describe('view properties', () => {
  it('keys are unique and stable, numbers count requests, and a settled tool never changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...ALPHABET), { maxLength: 24 }),
        fc.constantFrom<'one' | 'sequential'>('one', 'sequential'),
        async (steps, toolsPerMessage) => {
          const t = drivenTurn({ approval: ['write_to_file'], toolsPerMessage });
          const settled = new Map<string, BlockView>();
          const seen = new Map<string, { type: string; call_id?: string }>();
          const last = new Map<string, BlockView>();
          for (const step of steps) {
            if (t.actor.getSnapshot().status !== 'active') break;
            if (step === 'tool-done') await t.finishTool();
            else if (step === 'tool-error') await t.failTool(new Error('boom'));
            else if (step === 'tick') await t.settle();
            else if (step.type.startsWith('CHAT.') && chatIsOver(t.actor.getSnapshot())) continue;
            else t.send(step);
            const v = t.view();
            checkView(v, t.actor.getSnapshot());
            for (const b of v.requests.flatMap((r) => r.blocks)) {
              const previous = last.get(b.key);
              // identity: a block past streaming whose view did not change is the same object
              if (previous !== undefined && b.status !== 'streaming' && isDeepStrictEqual(previous, b))
                expect(b).toBe(previous);
              last.set(b.key, b);
              const before = settled.get(b.key);
              if (before?.type === 'tool_use') {
                expect(b).toMatchObject({ type: 'tool_use', call_id: before.call_id, status: before.status });
              }
              if (b.type === 'tool_use' && SETTLED.has(b.status)) settled.set(b.key, b);
              const first = seen.get(b.key);
              if (first?.type === 'tool_use' && b.type === 'tool_use') expect(b.call_id).toBe(first.call_id);
              if (!first) seen.set(b.key, { type: b.type, ...(b.type === 'tool_use' ? { call_id: b.call_id } : {}) });
            }
          }
          t.actor.stop();
        },
      ),
      { numRuns: Number(process.env.VIEW_PROPERTY_RUNS ?? 200) },
    );
  });
});
