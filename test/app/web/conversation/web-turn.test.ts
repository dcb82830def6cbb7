// A page turn without the page: the same actor, tools and model the page builds, checked through
// the pure views the page renders (turn items, event timeline).
import { describe, expect, it } from 'vitest';
import { toPromise, type InspectionEvent } from 'xstate';
import { createMemoryTools, createMemoryWorkspace } from '../../../../app/tools/memory/index.js';
import { createEventTimeline, type InspectionLike } from '../../../../app/web/conversation/event-timeline.js';
import { createModelSource } from '../../../../app/web/model-source.js';
import { readPageOptions } from '../../../../app/web/page-options.js';
import { createTurnActor } from '../../../../app/web/conversation/turn-runner.js';
import { turnItems } from '../../../../app/web/conversation/turn-items.js';
import { selectView } from '../../../../machines/view/select-view.js';
import type { ScriptedFault } from '../../../../scripted/index.js';

async function runTurn(profile: string, fault: ScriptedFault | 'none' = 'none') {
  const ws = createMemoryWorkspace({ 'README.md': '# Demo project\n\nIt demos.\n', 'src/app.ts': 'export {};\n' });
  const made = createModelSource({ kind: 'scripted', profile, fault, paceMs: 0 });
  if (!made.ok) throw new Error(made.error.message);
  const holder: { id?: string } = {};
  let clock = 0;
  const timeline = createEventTimeline({ rootId: 'agentTurn', sessionId: () => holder.id, now: () => clock++ });
  const actor = createTurnActor(
    {
      client: made.client,
      model: made.model,
      task: 'Read README.md and write notes.md about it.',
      tools: createMemoryTools(ws),
      approval: [],
      nativeTools: false,
      retryDelaysMs: [0, 0, 0],
    },
    (e: InspectionEvent) => timeline.inspect(e as unknown as InspectionLike),
  );
  holder.id = actor.sessionId;
  actor.start();
  const output = await toPromise(actor);
  return { ws, output, snapshot: actor.getSnapshot(), timeline };
}

describe('a page turn', () => {
  it('completes, writes the file, and its items show folded reasoning, tool results and the completion', async () => {
    const { ws, output, snapshot } = await runTurn('scripted');
    expect(output.reason).toBe('completed');
    expect(ws.read('notes.md')).toContain('# Notes for: Read README.md and write notes.md about it.');
    const items = turnItems(selectView(snapshot));
    const tools = items.filter((i) => i.kind === 'tool');
    expect(tools.map((t) => t.kind === 'tool' && [t.name, t.status])).toEqual([
      ['list_files', 'done'],
      ['read_file', 'done'],
      ['write_to_file', 'done'],
    ]);
    const reasoning = items.filter((i) => i.kind === 'reasoning');
    expect(reasoning.length).toBe(4);
    expect(reasoning.every((r) => r.kind === 'reasoning' && !r.partial && r.tokens > 0)).toBe(true);
    const completion = items.find((i) => i.kind === 'completion');
    expect(completion).toMatchObject({ partial: false });
    expect(completion?.kind === 'completion' && completion.result).toContain('Wrote notes.md');
    expect(items.filter((i) => i.kind === 'divider').map((d) => d.kind === 'divider' && d.label)).toEqual([
      'Request 1',
      'Request 2',
      'Request 3',
      'Request 4',
    ]);
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
  });

  it('gives an unchanged block the same item in every later view, so the panel skips it', async () => {
    const { snapshot } = await runTurn('scripted');
    const first = turnItems(selectView(snapshot));
    const again = turnItems(selectView(snapshot));
    const blockItems = first.filter((i) => i.kind !== 'divider');
    expect(blockItems.length).toBeGreaterThan(5);
    for (const item of blockItems) expect(again.find((i) => i.key === item.key)).toBe(item);
  });

  it('puts a context-window cut as a notice (its own tone) before the request it preceded', async () => {
    const { snapshot } = await runTurn('scripted');
    const view = selectView(snapshot);
    const summary = 'Removed 2 older messages to fit the context window (130,000 → 90,000 tokens).';
    const cut = {
      request: 2,
      requestIndex: 1,
      summary,
      dropped: 2,
      tokensBefore: 130_000,
      tokensAfter: 90_000,
      afterError: false,
    };
    const items = turnItems({ ...view, context: { ...view.context, truncations: [cut] } });
    const labels = items.filter((i) => i.kind === 'divider').map((d) => d.kind === 'divider' && `${d.tone}:${d.label}`);
    expect(labels.slice(0, 3)).toEqual(['normal:Request 1', `notice:✂ ${summary}`, 'normal:Request 2']);
    expect(turnItems(view).some((i) => i.kind === 'divider' && i.tone === 'notice')).toBe(false);
  });

  it('records the machine events with the states each one led through', async () => {
    const { timeline } = await runTurn('scripted');
    const entries = timeline.entries();
    expect(entries[0]).toMatchObject({ event: 'xstate.init', states: ['request.requesting'] });
    expect(entries.some((e) => e.event === 'done: executeTool' && e.states.includes('recursing'))).toBe(true);
    expect(entries[entries.length - 1].states.at(-1)).toBe('done');
    expect(timeline.state()).toBe('done');
    expect(timeline.lastStep().some((t) => t.to === 'done')).toBe(true);
  });

  it('shows a failed attempt and its retry under a 429', async () => {
    const { output, snapshot, timeline } = await runTurn('scripted', 'http-429-once');
    expect(output.reason).toBe('completed');
    const items = turnItems(selectView(snapshot));
    const failed = items.find((i) => i.kind === 'divider' && i.tone === 'error');
    expect(failed?.kind === 'divider' && failed.label).toMatch(/^Attempt failed — http 429/);
    expect(items.some((i) => i.kind === 'divider' && i.label === 'Request 1 · retry 1')).toBe(true);
    expect(timeline.entries().some((e) => e.states.includes('retrying'))).toBe(true);
  });

  it('counts hidden reasoning for a tokens-only profile', async () => {
    const { snapshot } = await runTurn('gpt-5.4-mini');
    const items = turnItems(selectView(snapshot));
    expect(items.some((i) => i.kind === 'reasoning')).toBe(false);
    expect(items.some((i) => i.kind === 'hidden-reasoning' && i.tokens > 0)).toBe(true);
  });
});

describe('page options', () => {
  it('reads pace, profile and fault from the query, ignoring unknown values', () => {
    expect(readPageOptions('?pace=0&profile=glm-5.1&fault=http-429-once')).toMatchObject({
      pace: 0,
      profile: 'glm-5.1',
      fault: 'http-429-once',
    });
    expect(readPageOptions('?pace=fast&profile=nope&fault=boom')).toMatchObject({
      pace: 'realistic',
      profile: 'scripted',
      fault: 'none',
    });
  });

  it('never turns approvals off from the URL (issue 32: a link with ?approval=off did)', () => {
    expect(readPageOptions('?approval=off')).not.toHaveProperty('approval');
  });

  it('reads the scripted dialect, Cline XML when unknown or absent', () => {
    expect(readPageOptions('?dialect=kimi').dialect).toBe('kimi');
    expect(readPageOptions('?dialect=klingon').dialect).toBe('cline');
    expect(readPageOptions('').dialect).toBe('cline');
  });

  it('a scripted source in a dialect parses with it on (pythonic included, off by default)', async () => {
    const ws = createMemoryWorkspace({ 'README.md': '# Demo\n' });
    const made = createModelSource({
      kind: 'scripted',
      profile: 'scripted',
      fault: 'none',
      paceMs: 0,
      dialect: 'pythonic',
    });
    if (!made.ok) throw new Error(made.error.message);
    expect(made.protocol?.dialects).toContain('pythonic');
    const actor = createTurnActor(
      {
        client: made.client,
        model: made.model,
        task: 'Read README.md',
        tools: createMemoryTools(ws),
        approval: [],
        nativeTools: false,
        retryDelaysMs: [0],
        ...(made.protocol ? { protocol: made.protocol } : {}),
      },
      () => {},
    );
    actor.start();
    expect((await toPromise(actor)).reason).toBe('completed');
    const tools = turnItems(selectView(actor.getSnapshot())).filter((i) => i.kind === 'tool');
    expect(tools.map((t) => t.kind === 'tool' && [t.name, t.dialect])).toEqual([
      ['list_files', 'pythonic'],
      ['read_file', 'pythonic'],
    ]);
  });

  it('refuses an endpoint without a usable base URL or model, with a code', () => {
    expect(createModelSource({ kind: 'endpoint', baseURL: '', apiKey: '', model: 'm' })).toMatchObject({
      ok: false,
      error: { code: 'missing-base-url' },
    });
    expect(createModelSource({ kind: 'endpoint', baseURL: 'not a url', apiKey: '', model: 'm' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-base-url' },
    });
    expect(
      createModelSource({ kind: 'endpoint', baseURL: 'http://127.0.0.1:1/v1', apiKey: '', model: ' ' }),
    ).toMatchObject({ ok: false, error: { code: 'missing-model' } });
    expect(
      createModelSource({ kind: 'endpoint', baseURL: 'http://127.0.0.1:1/v1', apiKey: 'k', model: 'qwen3' }),
    ).toMatchObject({ ok: true, model: 'qwen3' });
  });
});
