// Timing as a test dimension: every profile, tag and native tools, runs at pace 0 (a whole reply
// in one read) and at a realistic pace — jittered waits, random network read boundaries, usage in
// a last chunk of its own after a delay — and must do exactly the same: the same tools in the
// same order with the same results, the same history (ids aside) and the provider's usage. On
// every wire (test/support/test-wire.ts): all cases on the suite's wire, and on each other wire one
// profile of each kind of thinking (tag and native) and the faults.
import { describe, expect, it } from 'vitest';
import { runAgentTurn } from '../../machines/machine/agent-turn-actor.js';
import type { AgentTurnSetup } from '../../machines/machine/agent-turn-actor.js';
import type { AgentTurnOutput } from '../../machines/machine/agent-turn-types.js';
import { createChatClient } from '../../src/wire/index.js';
import { createScriptedModel, type ScriptedFault, type ScriptedModelOptions } from '../../scripted/index.js';
import { listModelProfiles } from '../../src/profiles/index.js';
import { createWorkspace } from '../support/workspace-tools.js';
import { TEST_WIRE, WIRES_UNDER_TEST } from '../support/test-wire.js';
import type { ChatWire } from '../../src/wire/chat-wire.js';

const TASK = 'Read README.md and write summary.md';

/** A few ms per token with jitter: enough to split every reply over many reads, fast enough for CI. */
const REALISTIC = (seed: number): ScriptedModelOptions => ({
  pace: { firstTokenMs: 6, tokenMs: 1, jitterMs: 1 },
  usageDelayMs: 15,
  randomChunks: true,
  seed,
});

interface Case {
  model: string;
  /** The wire the turn speaks (default: the suite's, TEST_WIRE). */
  wire?: ChatWire;
  nativeTools?: boolean;
  toolsPerMessage?: 'one' | 'sequential';
  fault?: ScriptedFault;
}

async function turn(c: Case, timing: ScriptedModelOptions) {
  const ws = createWorkspace({ 'README.md': '# Demo project\nIt greets.\n', 'src/a.ts': 'export const a = 1;\n' });
  const fetch = createScriptedModel({ ...timing, faults: c.fault ? [c.fault] : [], slowFirstTokenMs: 5 });
  const setup: AgentTurnSetup = {
    client: createChatClient({ wire: c.wire ?? TEST_WIRE, baseURL: 'http://scripted.invalid/v1', fetch }),
    model: c.model,
    messages: [{ role: 'user', content: TASK }],
    tools: ws.tools,
    nativeTools: c.nativeTools,
    toolsPerMessage: c.toolsPerMessage,
    retry: { delaysMs: [0, 0, 0] },
  };
  const out = await runAgentTurn(setup);
  return { out, ws };
}

/** What must not depend on timing; call ids (a fresh prefix per reply in the tag protocol) left out. */
function observable(out: AgentTurnOutput, calls: string[], files: Map<string, string>) {
  let json = JSON.stringify(out.messages);
  for (const r of out.requests) json = json.split(r.idPrefix).join('<id>');
  return {
    reason: out.reason,
    result: out.result,
    calls,
    files: [...files.entries()],
    requests: out.requests.map((r) => ({
      status: r.status,
      attempt: r.attempt,
      finishReason: r.finishReason,
      usage: r.usage,
      content: r.content,
      reasoning: r.reasoning,
      errorCode: r.error?.code,
      toolResults: r.toolResults.map(({ call_id: _id, ...rest }) => rest),
    })),
    history: JSON.parse(json) as unknown,
    usage: out.usage,
  };
}

const CASES: Case[] = [
  ...listModelProfiles().flatMap((p) =>
    [false, true].map((nativeTools) => ({ model: `scripted:${p.id}`, nativeTools })),
  ),
  { model: 'scripted', toolsPerMessage: 'sequential' },
  { model: 'scripted', fault: 'cut-in-tool-call' },
  { model: 'scripted', fault: 'length-in-write' },
  { model: 'scripted', fault: 'error-mid-stream' },
  { model: 'scripted:gpt-5.4-mini', fault: 'no-usage' },
];

/** One profile of each way of thinking: shown, hidden (two: one whose rule keeps no opaque data), inline, none, the default. */
const ONE_PER_KIND = new Set([
  'scripted',
  'glm-5.1',
  'gpt-5.4-mini',
  'gemini-3-flash-preview',
  'inline-think',
  'gpt-4.1-mini',
]);

/** On the suite's wire every case; on each other wire the kinds of thinking and the faults. */
const WIRE_CASES: Case[] = WIRES_UNDER_TEST.flatMap((wire) =>
  (wire === TEST_WIRE
    ? CASES
    : CASES.filter((c) => c.fault !== undefined || ONE_PER_KIND.has(c.model.replace(/^scripted:/, '')))
  ).map((c) => ({ ...c, wire })),
);

describe.concurrent('the same turn at pace 0 and at a realistic pace', () => {
  WIRE_CASES.forEach((c, i) => {
    const name = `${c.wire === TEST_WIRE ? '' : `${c.wire}: `}${c.model}${c.nativeTools ? ' native' : ''}${c.toolsPerMessage ? ` ${c.toolsPerMessage}` : ''}${c.fault ? ` fault:${c.fault}` : ''}`;
    it(name, async () => {
      const fast = await turn(c, { pace: 0 });
      const real = await turn(c, REALISTIC(i + 1));
      const expected = observable(fast.out, fast.ws.calls, fast.ws.fs);
      expect(observable(real.out, real.ws.calls, real.ws.fs)).toEqual(expected);
      if (c.fault === undefined) {
        expect(fast.out.reason).toBe('completed');
        // Every request's usage is the provider's, at both paces.
        for (const r of real.out.requests)
          expect(r.usage).toMatchObject({ estimated: false, totalTokens: expect.any(Number) });
        expect(real.out.usage.estimated).toBe(false);
        // Nobody was told that their message was cut short: each reply ended with its one tool.
        expect(JSON.stringify(real.out.messages)).not.toContain('cut short');
      }
      if (c.fault === 'no-usage') {
        // No usage from the provider: an estimate, the same at both paces, and marked.
        for (const r of real.out.requests) expect(r.usage).toMatchObject({ estimated: true });
        expect(real.out.usage.estimated).toBe(true);
      }
    });
  });
});

describe('the same turn among many at once', () => {
  it('200 turns at a realistic pace, sharing one event loop (and the chat actors’ flush scheduler), each end as the turn alone at pace 0', async () => {
    const c: Case = { model: 'scripted' };
    const alone = await turn(c, { pace: 0 });
    const expected = observable(alone.out, alone.ws.calls, alone.ws.fs);
    const many = await Promise.all(Array.from({ length: 200 }, (_, i) => turn(c, REALISTIC(1000 + i))));
    for (const one of many) expect(observable(one.out, one.ws.calls, one.ws.fs)).toEqual(expected);
    expect(alone.out.reason).toBe('completed');
  });
});
