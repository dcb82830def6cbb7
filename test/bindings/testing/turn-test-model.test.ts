// agent-turn/testing on an agent's own tools: a correct agent passes every generated path (at
// random chunk boundaries, and restored from its record at every point), and each kind of broken
// agent is caught with the rule it broke — a tool adapter that runs a tool twice, one that runs a
// write nobody approved, a view that takes back what it showed, a history check of the user's own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import {
  REPLY_PIECES,
  TurnInvariantError,
  createTurnTestModel,
  createViewWatch,
  historyProblem,
  type ExecuteToolInput,
  type ExecuteToolOutput,
} from '../../../bindings/testing/index.js';
import { agentTurnMachine } from '../../../machines/index.js';

function agentTools() {
  const files = new Map<string, string>();
  const calls: string[] = [];
  return {
    files,
    calls,
    tools: {
      read_file: async (use: { call_id: string; params: Record<string, string> }) => {
        calls.push(`read:${use.call_id}`);
        return files.get(use.params.path ?? '') ?? 'no such file';
      },
      write_to_file: async (use: { call_id: string; params: Record<string, string> }) => {
        calls.push(`write:${use.call_id}`);
        files.set(use.params.path ?? '', use.params.content ?? '');
        return 'written';
      },
    },
  };
}

const small = {
  pieces: [REPLY_PIECES.read, REPLY_PIECES.write, REPLY_PIECES.completion],
  maxBlocks: 1,
};

describe('createTurnTestModel', () => {
  it('passes a correct agent on every path of the default model, its real tools called once per run', async () => {
    const agent = agentTools();
    const model = createTurnTestModel({ tools: agent.tools });
    const report = await model.runAll();
    expect(report.paths).toBeGreaterThan(100);
    expect(report.toolCalls).toBeGreaterThan(50);
    // Every tool call the machine started reached the agent's function exactly once.
    expect(agent.calls.length).toBe(report.toolCalls);
    expect(report.log.states.has('request.awaitingApproval')).toBe(true);
    console.log(`default model: ${report.paths} paths, ${report.toolCalls} tool calls`);
  }, 120_000);

  it('keeps every rule at random chunk boundaries (fast-check seeds) and after a restore at every point', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), async (seed) => {
        const report = await createTurnTestModel({
          tools: agentTools().tools,
          replies: small,
          chunkSeed: seed,
        }).runAll();
        expect(report.paths).toBeGreaterThan(10);
      }),
      { numRuns: 3 },
    );
    const restored = await createTurnTestModel({ tools: agentTools().tools, replies: small, resume: true }).runAll();
    expect(restored.restoredRecords).toBeGreaterThan(3);
    expect(restored.restoredPaths).toBeGreaterThan(restored.restoredRecords);
  }, 120_000);

  it('fails an agent whose tool adapter runs a tool twice', async () => {
    const agent = agentTools();
    // A "retry once" in the adapter: the side effect happens twice.
    const twice = fromPromise<ExecuteToolOutput, ExecuteToolInput>(async ({ input, signal }) => {
      const fn = input.tools[input.toolUse.name]!;
      await fn(input.toolUse, { signal });
      const content = await fn(input.toolUse, { signal });
      return { content: String(content), isError: false };
    });
    const error = await createTurnTestModel({ tools: agent.tools, replies: small, executeTool: twice })
      .runAll()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TurnInvariantError);
    expect((error as TurnInvariantError).code).toBe('tool-ran-twice');
    expect((error as TurnInvariantError).steps.length).toBeGreaterThan(0);
  });

  it('fails an agent that runs a write before it was approved', async () => {
    const agent = agentTools();
    const viaTurn = createTurnTestModel({
      tools: agent.tools,
      replies: small,
      executeTool: fromPromise<ExecuteToolOutput, ExecuteToolInput>(async ({ input, signal }) => {
        // A UI adapter that applies any write it sees in the reply, approved or not.
        if (input.toolUse.name !== 'write_to_file')
          await input.tools.write_to_file!({ ...input.toolUse, name: 'write_to_file' } as never, { signal });
        return { content: String(await input.tools[input.toolUse.name]!(input.toolUse, { signal })), isError: false };
      }),
    });
    const error = await viaTurn.runAll().catch((e: unknown) => e);
    expect((error as TurnInvariantError).code).toBe('unapproved-tool-ran');
  });

  it('runs a user’s history rule on every finished turn', async () => {
    const error = await createTurnTestModel({
      tools: agentTools().tools,
      replies: small,
      checkHistory: (messages) =>
        messages.some((m) => m.role === 'assistant') ? 'no assistant message may stay' : undefined,
    })
      .runAll()
      .catch((e: unknown) => e);
    expect((error as TurnInvariantError).code).toBe('bad-history');
    expect((error as Error).message).toContain('no assistant message may stay');
  });

  it('lets a user swap the tool actor with .provide() without casts', () => {
    const machine = agentTurnMachine.provide({
      actors: {
        executeTool: fromPromise<ExecuteToolOutput, ExecuteToolInput>(async ({ input }) => ({
          content: `ran ${input.toolUse.name}`,
          isError: false,
        })),
      },
    });
    expect(machine.implementations.actors.executeTool).toBeDefined();
  });
});

describe('the view watch and the history check', () => {
  const view = (blocks: unknown[], status = 'streaming') => ({ requests: [{ index: 0, status, blocks }] }) as never;

  it('catches a view that takes back text or changes a settled tool', () => {
    const watch = createViewWatch();
    watch.see(view([{ type: 'text', key: '0:0', content: 'Hello' }]));
    expect(() => watch.see(view([{ type: 'text', key: '0:0', content: 'Help' }]))).toThrow(/view-went-back/);
    const tools = createViewWatch();
    tools.see(view([{ type: 'tool_use', key: '0:a', status: 'done', result: 'ok' }]));
    expect(() => tools.see(view([{ type: 'tool_use', key: '0:a', status: 'error', result: 'x' }]))).toThrow(
      /was done, now error/,
    );
    const requests = createViewWatch();
    requests.see(view([], 'complete'));
    expect(() => requests.see(view([], 'streaming'))).toThrow(/streams again/);
  });

  it('finds unanswered and unasked tool results', () => {
    expect(historyProblem([{ role: 'user', content: 'x' }])).toBeUndefined();
    expect(
      historyProblem([
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
        { role: 'user', content: 'next' },
      ] as never),
    ).toMatch(/got no result/);
    expect(historyProblem([{ role: 'tool', tool_call_id: 'zz', content: 'r' }] as never)).toMatch(/no call asked for/);
    expect(
      historyProblem([
        { role: 'assistant', content: 'a' },
        { role: 'assistant', content: 'b' },
      ]),
    ).toMatch(/two assistant messages/);
  });
});
