// Model-based tests of your own agent with agent-turn/testing: every generated path of the turn
// (random chunk boundaries, provider faults, approvals, rejections, ABORT anywhere, resumes) runs
// against your real tools, and the kit checks the rules every agent must keep.
// Run: npx vitest run my-agent.test.ts   (set AGENT_BUG=run-twice to watch it catch a bug)
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTurnTestModel, type ExecuteToolInput, type ExecuteToolOutput } from 'agent-turn/testing';

// Your agent's tools: here a tiny in-memory workspace.
const files = new Map<string, string>([['a.ts', 'export const a = 1;\n']]);
const tools = {
  read_file: async (use: { params: Record<string, string> }) => files.get(use.params.path ?? '') ?? 'no such file',
  write_to_file: async (use: { params: Record<string, string> }) => {
    files.set(use.params.path ?? '', use.params.content ?? '');
    return 'written';
  },
};

// Your adapter between the turn and your tools (a UI, a job queue…). The bug to catch: a "retry
// once" that repeats the side effect.
const adapter = fromPromise<ExecuteToolOutput, ExecuteToolInput>(async ({ input, signal }) => {
  const run = input.tools[input.toolUse.name];
  if (run === undefined) return { content: `no tool ${input.toolUse.name}`, isError: true };
  if (process.env.AGENT_BUG === 'run-twice') await run(input.toolUse, { signal });
  return { content: String(await run(input.toolUse, { signal })), isError: false };
});

describe('my agent', () => {
  it('keeps every rule on every path of the turn', async () => {
    const model = createTurnTestModel({
      tools,
      executeTool: adapter,
      input: { approval: ['write_to_file'] },
      chunkSeed: Number(process.env.SEED ?? 1),
    });
    const report = await model.runAll(); // rejects with a TurnInvariantError naming the broken rule
    expect(report.paths).toBeGreaterThan(100);
  }, 120_000);
});
