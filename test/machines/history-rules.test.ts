// Every profile with a history rule, against the scripted model that enforces it with the
// provider's own status and error text: a multi-request tool turn (tag protocol and native tools),
// a turn resumed from a persisted record (JSON round trip, the reply in progress restored from its
// events), and a turn whose history was cut to fit the window — each accepted on every request,
// at pace 0 and at a real pace with random chunk boundaries.
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { createAgentTurnActor, runAgentTurn } from '../../machines/machine/agent-turn-actor.js';
import type { AgentTurnOutput } from '../../machines/machine/agent-turn-types.js';
import type { PersistedAgentTurn } from '../../machines/record/turn-record-types.js';
import { createMemoryTools, createMemoryWorkspace } from '../../app/tools/memory/index.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import { createScriptedModel, type ScriptedModelOptions } from '../../scripted/index.js';
import { historyFamilyOf } from '../../scripted/endpoint/scripted-history-rules.js';
import { historyRuleOf, listModelProfiles, type ModelProfile } from '../../src/profiles/profiles.js';
import type { ChatMessage, ChatRequest } from '../../src/wire/types.js';
import { createWorkspace } from '../support/workspace-tools.js';

const ruled = listModelProfiles().filter((p) => historyFamilyOf(p) !== undefined);

/** One profile of each rule (and each gateway): the long paced run (the cut history, 14 requests) is made with these only. */
const ONE_PER_RULE = new Set([
  'deepseek-v4',
  'deepseek-reasoner',
  'kimi-k2.6',
  'mimo-v2',
  'glm-5.1',
  'MiniMax-M2',
  'gemini-3-flash-preview',
  'deepseek/deepseek-v3.2',
  'google/gemini-3-flash-preview',
]);

const PACES: Array<{ name: string; options: ScriptedModelOptions; cutProfiles: ModelProfile[] }> = [
  { name: 'pace 0', options: { pace: 0 }, cutProfiles: ruled },
  {
    name: 'a real pace, random chunk boundaries',
    // Token waits of 0.1 ms jittered by 0.3 ms: some tokens wait a timer, some come with the next read.
    options: { pace: { firstTokenMs: 3, tokenMs: 0.1, jitterMs: 0.3 }, randomChunks: true, seed: 7 },
    cutProfiles: ruled.filter((p) => ONE_PER_RULE.has(p.id)),
  },
];

function clientFor(options: ScriptedModelOptions, sent: ChatRequest[]) {
  const fetch = createScriptedModel({ ...options, usageDelayMs: 0, onRequest: (r) => sent.push(r) });
  return createChatClient({ baseURL: 'http://scripted.local/v1', fetch });
}

/** Every request was accepted: a history that broke the rule would have failed with the provider's 400. */
function expectAccepted(out: AgentTurnOutput) {
  const failed = out.requests.filter((r) => r.status === 'failed');
  expect(failed.map((r) => r.error?.message)).toEqual([]);
  expect(out.reason).toBe('completed');
}

/** What the rule needs is in every sent assistant message (the scripted model checked it too). */
function expectRuleKept(profile: ModelProfile, sent: ChatRequest[], nativeTools: boolean) {
  const rule = historyRuleOf(profile);
  const assistant = sent.at(-1)!.messages.filter((m): m is ChatMessage => m.role === 'assistant');
  expect(assistant.length).toBeGreaterThan(0);
  for (const m of assistant) {
    const calls = m.tool_calls ?? [];
    if (rule.keepInlineReasoning) expect(m.content).toMatch(/^<think>/);
    if (profile.gateway === 'openrouter') expect(m.reasoning_details?.length).toBeGreaterThan(0);
    else if (rule.reasoning === 'tool-turns' && calls.length > 0) expect(m[rule.reasoningField]).toBeTruthy();
    if (rule.reasoning === 'tool-turns' && calls.length === 0 && profile.gateway === undefined)
      expect(m[rule.reasoningField]).toBeUndefined();
    if (historyFamilyOf(profile) === 'gemini' && profile.gateway === undefined)
      for (const c of calls)
        expect(c.extra_content).toMatchObject({ google: { thought_signature: expect.any(String) } });
  }
  if (nativeTools) expect(assistant.some((m) => (m.tool_calls ?? []).length > 0)).toBe(true);
}

const README = { 'README.md': '# Demo project\nIt greets.\n', 'src/a.ts': 'export const a = 1;\n' };

describe('history rules, enforced by the scripted model, kept by the turn', () => {
  it('covers every rule the scripted model knows', () => {
    const families = new Set(ruled.map((p) => historyFamilyOf(p)));
    expect([...families].sort()).toEqual(['deepseek', 'deepseek-r1', 'gemini', 'glm', 'kimi', 'mimo', 'minimax']);
    expect(ruled.some((p) => p.gateway === 'openrouter')).toBe(true);
    // The paced runs cover every rule too.
    const paced = PACES[1].cutProfiles;
    expect(paced).toHaveLength(ONE_PER_RULE.size);
    expect(new Set(paced.map((p) => historyFamilyOf(p))).size).toBe(families.size);
  });

  for (const pace of PACES) {
    // The paced turns mostly wait on the scripted model's timers: they wait side by side.
    const test = pace.options.pace === 0 ? it : it.concurrent;
    for (const profile of ruled) {
      for (const nativeTools of [false, true]) {
        const mode = nativeTools ? 'native tools' : 'tag protocol';
        test(`${profile.id}, ${mode}, ${pace.name}: a multi-request tool turn`, async () => {
          const sent: ChatRequest[] = [];
          const ws = createWorkspace(README);
          const out = await runAgentTurn({
            client: clientFor(pace.options, sent),
            model: `scripted:${profile.id}`,
            messages: [{ role: 'user', content: 'Read README.md and write summary.md' }],
            tools: ws.tools,
            nativeTools,
            retry: { delaysMs: [] },
          });
          expectAccepted(out);
          expect(sent.length).toBeGreaterThanOrEqual(3);
          expect(ws.fs.get('summary.md')).toBeDefined();
          expectRuleKept(profile, sent, nativeTools);
        });

        test(`${profile.id}, ${mode}, ${pace.name}: a turn resumed from its persisted record`, async () => {
          const sent: ChatRequest[] = [];
          const ws = createWorkspace(README);
          const client = clientFor(pace.options, sent);
          const setup = {
            client,
            model: `scripted:${profile.id}`,
            messages: [{ role: 'user' as const, content: 'Read README.md and write summary.md' }],
            tools: ws.tools,
            nativeTools,
            approval: ['write_to_file'],
            retry: { delaysMs: [] },
          };
          // Stopped while the write waits for approval: earlier replies in the history, this one as its stream events.
          const first = createAgentTurnActor(setup);
          const record = await new Promise<PersistedAgentTurn>((resolve) => {
            first.subscribe((s) => {
              if (s.hasTag('awaiting-approval')) resolve(JSON.parse(JSON.stringify(first.getPersistedSnapshot())));
            });
            first.start();
          });
          first.stop();
          expect(record.resume).toBe('awaiting-approval');
          const resumed = createAgentTurnActor({ ...setup, snapshot: record });
          resumed.subscribe((s) => {
            if (s.hasTag('awaiting-approval')) resumed.send({ type: 'APPROVE' });
          });
          const done = toPromise(resumed);
          resumed.start();
          const out = await done;
          expectAccepted(out);
          expect(ws.fs.get('summary.md')).toBeDefined();
          expectRuleKept(profile, sent, nativeTools);
        });

        // Declared only where it runs (no skipped tests).
        if (pace.cutProfiles.includes(profile))
          test(`${profile.id}, ${mode}, ${pace.name}: a turn after its history was cut to fit the window`, async () => {
            const sent: ChatRequest[] = [];
            const files: Record<string, string> = { 'README.md': '# Project\n' };
            for (let i = 1; i <= 12; i++)
              files[`src/m${String(i).padStart(2, '0')}.ts`] = Array.from(
                { length: 25 },
                (_, l) => `export const value${i}_${l} = ${i * 1000 + l}; // line ${l} of module ${i}`,
              ).join('\n');
            const out = await runAgentTurn({
              client: clientFor(pace.options, sent),
              model: `scripted:${profile.id}`,
              messages: [{ role: 'user', content: 'Read every file in src/ and summarize them.' }],
              tools: createMemoryTools(createMemoryWorkspace(files)),
              nativeTools,
              contextWindow: 6000,
              maxOutputTokens: 800,
              maxRequests: 30,
              retry: { delaysMs: [] },
            });
            expectAccepted(out);
            expect(out.truncations.length).toBeGreaterThan(0);
            expectRuleKept(profile, sent, nativeTools);
          });
      }
    }
  }
});
