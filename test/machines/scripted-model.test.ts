// Whole turns against the scripted model (in memory, pace 0): every profile, tag and native
// tools, every injected fault, each reaching its documented end with nothing lost.
import { describe, expect, it } from 'vitest';
import { runAgentTurn } from '../../machines/machine/agent-turn-actor.js';
import type { AgentTurnOutput } from '../../machines/machine/agent-turn-types.js';
import { createChatClient } from '../../src/wire/index.js';
import { createScriptedModel, type ScriptedFault } from '../../scripted/index.js';
import { listModelProfiles } from '../../src/profiles/index.js';
import { createWorkspace } from '../support/workspace-tools.js';
import { TEST_WIRE } from '../support/test-wire.js';

const TASK = 'Read README.md and write summary.md';

async function turn(options: {
  model?: string;
  fault?: ScriptedFault;
  nativeTools?: boolean;
  toolsPerMessage?: 'one' | 'sequential';
}) {
  const ws = createWorkspace({ 'README.md': '# Demo project\nIt greets.\n', 'src/a.ts': 'export const a = 1;\n' });
  const fetch = createScriptedModel({ pace: 0, faults: options.fault ? [options.fault] : [], slowFirstTokenMs: 1 });
  const client = createChatClient({ wire: TEST_WIRE, baseURL: 'http://scripted.invalid/v1', fetch });
  const out = await runAgentTurn({
    client,
    model: options.model ?? 'scripted',
    messages: [{ role: 'user', content: TASK }],
    tools: ws.tools,
    nativeTools: options.nativeTools,
    toolsPerMessage: options.toolsPerMessage,
    retry: { delaysMs: [0, 0, 0] },
  });
  return { out, ws };
}

/** Nothing lost: every reply that did not fail is in the history as sent, every tool that ran did so once. */
function expectNothingLost(out: AgentTurnOutput, calls: string[]) {
  const kept = out.requests.filter((r) => r.status !== 'failed' || r.toolResults.some((t) => t.status === 'done'));
  const assistant = out.messages.filter((m) => m.role === 'assistant');
  expect(assistant).toHaveLength(kept.length);
  // The history keeps the content as sent (an inline <think> prefix is reasoning: dropped).
  kept.forEach((r, i) => expect(r.content.endsWith(assistant[i].content ?? '')).toBe(true));
  const ran = out.requests.flatMap((r) =>
    r.toolResults.filter((t) => t.status === 'done' && t.name !== 'attempt_completion'),
  );
  expect(ran).toHaveLength(calls.length);
  for (const r of out.requests) {
    for (const t of r.toolResults) {
      const block = r.blocks.find((b) => b.type === 'tool_use' && b.call_id === t.call_id);
      expect(block).toBeDefined();
      if (block?.partial) expect(['cut-off', 'skipped']).toContain(t.status);
    }
  }
  if (out.requests.some((r) => r.status === 'complete')) expect(out.usage.totalTokens).toBeGreaterThan(0);
}

describe('agent turn against the scripted model', () => {
  for (const profile of listModelProfiles()) {
    for (const nativeTools of [false, true]) {
      it(`${profile.id} (${nativeTools ? 'native tools' : 'tag protocol'}) completes the task`, async () => {
        const { out, ws } = await turn({ model: `scripted:${profile.id}`, nativeTools });
        expect(out.reason).toBe('completed');
        expect(ws.calls).toEqual(['list_files:.', 'read_file:README.md', 'write_to_file:summary.md']);
        // The raw content survived its fake </content> line.
        expect(ws.fs.get('summary.md')).toMatch(
          /^# Notes for: Read README\.md[\s\S]*<\/content>\nIt really ends here\.$/,
        );
        expect(out.result).toBeTruthy();
        expect(out.requests.every((r) => r.status === 'complete')).toBe(true);
        if (profile.reasoning === 'reasoning_content') expect(out.requests.some((r) => r.reasoning !== '')).toBe(true);
        if (profile.reasoning === 'inline-think')
          expect(out.requests.some((r) => r.blocks.some((b) => b.type === 'reasoning'))).toBe(true);
        // Anthropic's usage counts no reasoning tokens apart (thinking is in output_tokens).
        if (profile.reasoning === 'tokens-only' && TEST_WIRE !== 'anthropic-messages')
          expect(out.usage.reasoningTokens).toBeGreaterThan(0);
        // Reasoning never enters the history.
        for (const r of out.requests)
          if (r.reasoning.length > 20) expect(JSON.stringify(out.messages)).not.toContain(r.reasoning);
        expectNothingLost(out, ws.calls);
      });
    }
  }

  it("'sequential' tools per message completes too", async () => {
    const { out, ws } = await turn({ toolsPerMessage: 'sequential' });
    expect(out.reason).toBe('completed');
    expect(ws.calls).toEqual(['list_files:.', 'read_file:README.md', 'write_to_file:summary.md']);
  });

  for (const fault of ['http-429-once', 'http-500-once', 'slow-first-token'] as const) {
    it(`${fault}: retried or waited out, then completed`, async () => {
      const { out, ws } = await turn({ fault });
      expect(out.reason).toBe('completed');
      expect(ws.fs.has('summary.md')).toBe(true);
      if (fault !== 'slow-first-token') {
        expect(out.requests[0]).toMatchObject({ status: 'failed', error: { code: 'http', retryable: true } });
      }
      expectNothingLost(out, ws.calls);
    });
  }

  it('cut-in-tool-call: the truncated attempt is retried; its cut tool never runs', async () => {
    const { out, ws } = await turn({ fault: 'cut-in-tool-call' });
    expect(out.reason).toBe('completed');
    const failed = out.requests.find((r) => r.status === 'failed')!;
    expect(failed.error?.code).toBe('truncated');
    expect(failed.toolResults.map((t) => t.status)).toEqual(['cut-off']);
    expect(ws.calls).toEqual(['list_files:.', 'read_file:README.md', 'write_to_file:summary.md']);
    expectNothingLost(out, ws.calls);
  });

  it('length-in-write: the cut-off write never runs and the model is told it hit the limit', async () => {
    const { out, ws } = await turn({ fault: 'length-in-write' });
    expect(out.reason).toBe('completed');
    const cut = out.requests.find((r) => r.finishReason === 'length')!;
    expect(cut.toolResults).toEqual([expect.objectContaining({ name: 'write_to_file', status: 'cut-off' })]);
    expect(ws.calls).not.toContain('write_to_file:summary.md'); // the scripted agent moves on after an error
    expect(JSON.stringify(out.messages)).toContain('output token limit');
    expectNothingLost(out, ws.calls);
  });

  for (const fault of ['error-mid-stream', 'malformed-chunk'] as const) {
    it(`${fault}: retried when the wire layer calls it retryable, else failed keeping what arrived`, async () => {
      const { out, ws } = await turn({ fault });
      const failed = out.requests.find((r) => r.status === 'failed')!;
      expect(failed.error?.code).toBe(fault === 'error-mid-stream' ? 'provider-error' : 'malformed-chunk');
      expect(failed.blocks.length).toBeGreaterThan(0); // the half that arrived is kept
      expect(failed.content.length + failed.reasoning.length).toBeGreaterThan(0);
      if (failed.error!.retryable) {
        expect(out.reason).toBe('completed');
        expect(ws.fs.has('summary.md')).toBe(true);
      } else {
        expect(out.reason).toBe('failed');
        expect(out.error).toBe(failed.error);
      }
      expectNothingLost(out, ws.calls);
    });
  }
});
