// Plan mode in a page turn, without the page: the turn the page starts in plan mode (the library's
// `mode: 'plan'`) runs only reading tools — the scripted model's write is refused and notes.md is
// never written — and the model is told it is planning.
import type { ChatClient } from 'agent-turn';
import { describe, expect, it } from 'vitest';
import { toPromise, waitFor } from 'xstate';
import { createMemoryTools, createMemoryWorkspace } from '../../../../app/tools/memory/index.js';
import { WRITING_TOOL_NAMES } from '../../../../app/tools/index.js';
import { resumedMode, turnModeSettings } from '../../../../app/web/conversation/mode-control.js';
import { createTurnActor } from '../../../../app/web/conversation/turn-runner.js';
import { turnItems } from '../../../../app/web/conversation/turn-items.js';
import { createModelSource } from '../../../../app/web/model-source.js';
import { selectView } from '../../../../machines/view/select-view.js';

async function runIn(mode: 'default' | 'accept-edits' | 'plan') {
  const ws = createMemoryWorkspace({ 'README.md': '# Demo project\n\nIt demos.\n' });
  const made = createModelSource({ kind: 'scripted', profile: 'scripted', fault: 'none', paceMs: 0 });
  if (!made.ok) throw new Error(made.error.message);
  const inMode = turnModeSettings(mode, []);
  // What each request's system message said.
  const systems: string[] = [];
  const client: ChatClient = {
    stream(request, options) {
      systems.push(JSON.stringify(request.messages[0]));
      return made.client.stream(request, options);
    },
    complete: (request, options) => made.client.complete(request, options),
  };
  const actor = createTurnActor(
    {
      client,
      model: made.model,
      task: 'Read README.md and write notes.md about it.',
      tools: createMemoryTools(ws),
      approval: inMode.approval,
      mode: inMode.mode,
      nativeTools: false,
      retryDelaysMs: [0, 0, 0],
    },
    () => {},
  );
  actor.start();
  const output = await toPromise(actor);
  return { ws, output, systems, items: turnItems(selectView(actor.getSnapshot())) };
}

describe('plan mode in a page turn', () => {
  it('refuses the write with a result saying the turn is planning; the file is not written', async () => {
    const { ws, systems, items } = await runIn('plan');
    expect(ws.read('notes.md')).toBeUndefined();
    const write = items.find((i) => i.kind === 'tool' && i.name === 'write_to_file');
    expect(write?.kind === 'tool' && write.result).toContain('this turn is in plan mode, where only reading tools run');
    const read = items.find((i) => i.kind === 'tool' && i.name === 'read_file');
    expect(read?.kind === 'tool' && read.status).toBe('done');
    expect(systems.length).toBeGreaterThan(0);
    expect(systems.every((system) => system.includes('PLAN MODE: you are planning'))).toBe(true);
  });

  it('in the default mode the same turn writes the file (the mode is what refused it)', async () => {
    const { ws, output, systems } = await runIn('default');
    expect(output.reason).toBe('completed');
    expect(ws.read('notes.md')).toContain('# Notes for');
    expect(systems.some((system) => system.includes('PLAN MODE'))).toBe(false);
  });

  it('turnModeSettings: plan is the library’s plan mode; accept edits asks no file edit, commands still', () => {
    expect(turnModeSettings('plan', WRITING_TOOL_NAMES)).toEqual({ mode: 'plan', approval: [...WRITING_TOOL_NAMES] });
    expect(turnModeSettings('default', WRITING_TOOL_NAMES)).toEqual({
      mode: 'default',
      approval: [...WRITING_TOOL_NAMES],
    });
    const edits = turnModeSettings('accept-edits', WRITING_TOOL_NAMES);
    expect(edits.mode).toBe('default');
    expect(edits.approval).not.toContain('write_to_file');
    expect(edits.approval).not.toContain('replace_in_file');
    expect(edits.approval).toContain('execute_command');
  });

  it('a plan turn resumed after a reload goes on in plan mode (the record says so; the page gives it again)', async () => {
    const ws = createMemoryWorkspace({ 'README.md': '# Demo project\n\nIt demos.\n' });
    const made = createModelSource({ kind: 'scripted', profile: 'scripted', fault: 'none', paceMs: 0 });
    if (!made.ok) throw new Error(made.error.message);
    const settings = {
      client: made.client,
      model: made.model,
      task: 'Read README.md and write notes.md about it.',
      tools: createMemoryTools(ws),
      // The read waits for approval, so the turn can be saved mid-way, as a reload finds it.
      approval: ['read_file'],
      nativeTools: false,
      retryDelaysMs: [0, 0, 0],
    };
    const first = createTurnActor({ ...settings, mode: 'plan' }, () => {});
    first.start();
    await waitFor(first, (snapshot) => snapshot.hasTag('awaiting-approval'));
    const record = first.getPersistedSnapshot();
    first.stop();
    expect(resumedMode(record)).toBe('plan');
    const again = turnModeSettings(resumedMode(record), settings.approval);
    const resumed = createTurnActor({ ...settings, approval: again.approval, mode: again.mode }, () => {}, record);
    resumed.start();
    resumed.send({ type: 'APPROVE' });
    await toPromise(resumed);
    expect(ws.read('notes.md')).toBeUndefined();
    const write = turnItems(selectView(resumed.getSnapshot())).find(
      (i) => i.kind === 'tool' && i.name === 'write_to_file',
    );
    expect(write?.kind === 'tool' && write.result).toContain('plan mode');
  });

  it('resumedMode: a default turn’s record resumes in the default mode', async () => {
    const ws = createMemoryWorkspace({ 'README.md': '# x\n' });
    const made = createModelSource({ kind: 'scripted', profile: 'scripted', fault: 'none', paceMs: 0 });
    if (!made.ok) throw new Error(made.error.message);
    const actor = createTurnActor(
      {
        client: made.client,
        model: made.model,
        task: 'Read README.md',
        tools: createMemoryTools(ws),
        approval: ['read_file'],
        nativeTools: false,
        retryDelaysMs: [0],
      },
      () => {},
    );
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('awaiting-approval'));
    expect(resumedMode(actor.getPersistedSnapshot())).toBe('default');
    actor.stop();
  });
});
