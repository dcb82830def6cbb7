// A whole turn over the Anthropic Messages and Responses wires against the scripted model, which
// serves both and enforces their history rules with the providers' 400s: it lists, reads, writes
// after approval and completes, in tag and native mode, at pace 0 (every profile) and at a real
// pace with random chunk boundaries (one profile of each kind of thinking); the second request's
// body carries the first reply's thinking block / reasoning item exactly as the stream gave it.
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { createAgentTurnActor } from '../../machines/machine/agent-turn-actor.js';
import type { AgentTurnOutput } from '../../machines/machine/agent-turn-types.js';
import { listModelProfiles, type ModelProfile } from '../../src/profiles/profiles.js';
import { createScriptedModel, type ScriptedModelOptions } from '../../scripted/index.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import type { ChatWire } from '../../src/wire/chat-wire.js';
import type { FetchLike } from '../../src/wire/types.js';
import { createWorkspace } from '../support/workspace-tools.js';

const WIRES: ChatWire[] = ['anthropic-messages', 'responses'];

/** One profile of each way of thinking: shown, hidden (two: one whose rule keeps no opaque data), inline, none, the default. */
const PACED_PROFILES = new Set([
  'scripted',
  'glm-5.1',
  'gpt-5.4-mini',
  'gemini-3-flash-preview',
  'inline-think',
  'gpt-4.1-mini',
]);

const PACES: Array<{ name: string; options: ScriptedModelOptions; profiles: ModelProfile[] }> = [
  { name: 'pace 0', options: { pace: 0 }, profiles: listModelProfiles() },
  {
    name: 'a real pace, random chunk boundaries',
    options: { pace: { firstTokenMs: 3, tokenMs: 0.1, jitterMs: 0.3 }, randomChunks: true, seed: 11 },
    profiles: listModelProfiles().filter((p) => PACED_PROFILES.has(p.id)),
  },
];

type Json = Record<string, unknown>;

/** A fetch over the scripted model that keeps each request's body text and each response's SSE text. */
function recordingFetch(options: ScriptedModelOptions) {
  const model = createScriptedModel({ ...options, usageDelayMs: 0 });
  const bodies: string[] = [];
  const streams: Promise<string>[] = [];
  const fetch: FetchLike = async (input, init) => {
    bodies.push(String(init?.body instanceof Blob ? await init.body.text() : init?.body));
    const response = await model(input, { ...init, body: bodies.at(-1) });
    if (response.body === null) return response;
    const [mine, theirs] = response.body.tee();
    streams.push(new Response(mine).text());
    return new Response(theirs, { status: response.status, headers: response.headers });
  };
  return { model, fetch, bodies, streams };
}

/** The data of each SSE event of a stream's text. */
function sseEvents(text: string): Json[] {
  return text
    .split('\n\n')
    .map((frame) => frame.split('\n').find((l) => l.startsWith('data: ')))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice('data: '.length)) as Json);
}

/** The thinking the stream gave: Anthropic's thinking block (deltas joined) or the Responses reasoning item (its done item). */
function streamedThinking(wire: ChatWire, text: string): Json | undefined {
  const events = sseEvents(text);
  if (wire === 'responses') {
    const done = events.find((e) => e.type === 'response.output_item.done' && (e.item as Json).type === 'reasoning');
    return done?.item as Json | undefined;
  }
  const start = events.find((e) => e.type === 'content_block_start');
  const block = start?.content_block as Json | undefined;
  if (block?.type === 'redacted_thinking') return block;
  if (block?.type !== 'thinking') return undefined;
  const deltas = events
    .filter((e) => e.type === 'content_block_delta' && e.index === start?.index)
    .map((e) => e.delta as Json);
  return {
    type: 'thinking',
    thinking: deltas.map((d) => (d.type === 'thinking_delta' ? d.thinking : '')).join(''),
    signature: deltas.map((d) => (d.type === 'signature_delta' ? d.signature : '')).join(''),
  };
}

/** The thinking the second request sent back for the first reply. */
function sentThinking(wire: ChatWire, body: Json): Json | undefined {
  if (wire === 'responses') return (body.input as Json[]).find((item) => item.type === 'reasoning');
  const assistant = (body.messages as Json[]).find((m) => m.role === 'assistant');
  const first = (assistant?.content as Json[] | undefined)?.[0];
  return first?.type === 'thinking' || first?.type === 'redacted_thinking' ? first : undefined;
}

function expectAccepted(out: AgentTurnOutput) {
  expect(out.requests.filter((r) => r.status === 'failed').map((r) => r.error?.message)).toEqual([]);
  expect(out.reason).toBe('completed');
}

async function approvedTurn(
  wire: ChatWire,
  profile: ModelProfile,
  nativeTools: boolean,
  options: ScriptedModelOptions,
) {
  const recorded = recordingFetch(options);
  const ws = createWorkspace({ 'README.md': '# Demo project\nIt greets.\n', 'src/a.ts': 'export const a = 1;\n' });
  const approvals: string[] = [];
  const actor = createAgentTurnActor({
    client: createChatClient({ wire, baseURL: 'http://scripted.local/v1', fetch: recorded.fetch }),
    model: `scripted:${profile.id}`,
    messages: [{ role: 'user', content: 'Read README.md and write summary.md' }],
    tools: ws.tools,
    nativeTools,
    approval: ['write_to_file'],
    retry: { delaysMs: [] },
  });
  actor.subscribe((s) => {
    if (!s.hasTag('awaiting-approval')) return;
    approvals.push(ws.calls.at(-1) ?? 'none');
    actor.send({ type: 'APPROVE' });
  });
  const done = toPromise(actor);
  actor.start();
  const out = await done;
  return { out, ws, approvals, ...recorded };
}

describe('a whole turn over each wire, against the scripted model', () => {
  for (const pace of PACES) {
    const test = pace.options.pace === 0 ? it : it.concurrent;
    for (const wire of WIRES)
      for (const profile of pace.profiles)
        for (const nativeTools of [false, true]) {
          const mode = nativeTools ? 'native tools' : 'tag protocol';
          test(`${wire}, ${profile.id}, ${mode}, ${pace.name}: read, write with approval, complete`, async () => {
            const { out, ws, approvals, model, bodies, streams } = await approvedTurn(
              wire,
              profile,
              nativeTools,
              pace.options,
            );
            expectAccepted(out);
            expect(ws.calls).toContain('read_file:README.md');
            expect(ws.calls).toContain('write_to_file:summary.md');
            expect(ws.fs.get('summary.md')).toContain('read README.md');
            // Asked once, after the read and before the write.
            expect(approvals).toEqual(['read_file:README.md']);
            expect(ws.calls.at(-1)).toBe('write_to_file:summary.md');
            expect(model.wireRequests.every((r) => r.wire === wire)).toBe(true);
            expect(model.requests.length).toBeGreaterThanOrEqual(3);
            // The first reply's thinking, as the stream gave it, is in the second request's body.
            const streamed = streamedThinking(wire, await streams[0]);
            const sent = sentThinking(wire, model.wireRequests[1].body);
            const thinks = profile.reasoning !== 'none';
            expect(streamed !== undefined).toBe(thinks);
            expect(sent).toEqual(streamed);
            if (streamed !== undefined) expect(bodies[1]).toContain(JSON.stringify(streamed));
            if (wire === 'responses' && streamed !== undefined) expect(streamed.encrypted_content).toMatch(/^gAAAAAB/);
          });
        }
  }
});
