// The page's saved turn is data, never authority (issue 28 §1): a turn kept in localStorage and
// edited before "Resume it" made a pending write run with no approval click (an emptied approval
// list, the write marked idempotent), sent the typed key to the record's base URL, and four broken
// records vanished without a word while one (`idempotentTools: null`) stopped the machine.
import { describe, expect, it } from 'vitest';
import { createMemoryTools, createMemoryWorkspace } from '../../app/tools/memory/index.js';
import { WRITING_TOOL_NAMES } from '../../app/tools/index.js';
import {
  readSavedTurn,
  SAVED_TURN_KEY,
  type SavedTurn,
  type TurnStorage,
} from '../../app/web/persistence/saved-turn.js';
import { resumeBannerText, resumeDecision } from '../../app/web/persistence/resume-policy.js';
import { createTurnActor, type TurnSettings } from '../../app/web/conversation/turn-runner.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import { createScriptedModel } from '../../scripted/index.js';
import type { PersistedAgentTurn } from '../../machines/record/turn-record-types.js';
import { TEST_WIRE } from '../support/test-wire.js';

const TASK = 'Read README.md and write notes.md with what you learn about the project.';

function storageWith(value: unknown): TurnStorage & { map: Map<string, string> } {
  const map = new Map<string, string>([[SAVED_TURN_KEY, typeof value === 'string' ? value : JSON.stringify(value)]]);
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function settings(approval: readonly string[]): { settings: TurnSettings; written: () => string | undefined } {
  const workspace = createMemoryWorkspace({ 'README.md': '# Pocket Ledger\n' });
  return {
    written: () => workspace.read('notes.md'),
    settings: {
      client: createChatClient({
        wire: TEST_WIRE,
        baseURL: 'http://scripted.local/v1',
        fetch: createScriptedModel({ pace: 0 }),
      }),
      model: 'scripted:glm-5.1',
      task: TASK,
      tools: createMemoryTools(workspace),
      approval,
      nativeTools: false,
      retryDelaysMs: [0],
    },
  };
}

/** A record taken while the page's turn waits to write notes.md. */
async function waitingRecord(): Promise<PersistedAgentTurn> {
  const actor = createTurnActor(settings(WRITING_TOOL_NAMES).settings, () => {});
  await new Promise<void>((resolve) => {
    actor.subscribe((s) => {
      if (s.hasTag('awaiting-approval')) resolve();
    });
    actor.start();
  });
  const record = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as PersistedAgentTurn;
  actor.stop();
  return record;
}

function savedTurn(turn: PersistedAgentTurn, over: Partial<SavedTurn['settings']> = {}): SavedTurn {
  return {
    format: 'agent-turn/page-turn',
    version: 1,
    task: TASK,
    settings: {
      approval: true,
      nativeTools: false,
      source: { kind: 'scripted', profile: 'glm-5.1', fault: 'none', paceMs: 0 },
      ...over,
    },
    files: { 'README.md': '# Pocket Ledger\n' },
    turn,
  };
}

/** Resumes with the page's decision and answers nothing: where the turn stops. */
async function resumeUnanswered(saved: SavedTurn, pageApproval: boolean) {
  const decision = resumeDecision(saved, { approval: pageApproval, baseURL: '' });
  if (!decision.ok) throw new Error(decision.message);
  const run = settings(decision.approval ? WRITING_TOOL_NAMES : []);
  const actor = createTurnActor(run.settings, () => {}, saved.turn);
  const where = await new Promise<string>((resolve) => {
    actor.subscribe({
      next: (s) => {
        if (s.hasTag('awaiting-approval')) resolve('awaiting-approval');
        if (s.status === 'done') resolve(`done:${s.output?.reason}`);
      },
      error: (e) => resolve(`error:${String(e)}`),
    });
    actor.start();
  });
  actor.stop();
  return { where, written: run.written() };
}

describe('the page resumes a saved turn on its own terms', () => {
  it.each([
    ['an emptied approval list in the record', (t: PersistedAgentTurn) => void (t.turn.options.approval = [])],
    [
      'the pending write marked idempotent',
      (t: PersistedAgentTurn) => void (t.turn.options.idempotentTools = ['write_to_file', 'read_file']),
    ],
    ['idempotentTools: null', (t: PersistedAgentTurn) => void (t.turn.options.idempotentTools = null as never)],
  ])('%s: the write still waits for the approval click', async (_name, edit) => {
    const record = await waitingRecord();
    edit(record);
    const { where, written } = await resumeUnanswered(savedTurn(record, { approval: false }), true);
    expect(where).toBe('awaiting-approval');
    expect(written).toBeUndefined();
  });

  it("the page's approval checkbox decides; the record may only ask more", () => {
    const turn = {} as PersistedAgentTurn;
    expect(resumeDecision(savedTurn(turn, { approval: false }), { approval: true, baseURL: '' })).toMatchObject({
      ok: true,
      approval: true,
    });
    expect(resumeDecision(savedTurn(turn, { approval: true }), { approval: false, baseURL: '' })).toMatchObject({
      ok: true,
      approval: true,
    });
  });

  it("an endpoint turn resumes only at the page's Base URL, and the banner names the endpoint", () => {
    const saved = savedTurn({} as PersistedAgentTurn, {
      source: { kind: 'endpoint', baseURL: 'https://attacker.example/v1', model: 'm' },
    });
    const refused = resumeDecision(saved, { approval: true, baseURL: 'https://api.example.com/v1' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.message).toContain('https://attacker.example/v1');
      expect(refused.message).toContain('https://api.example.com/v1');
    }
    expect(resumeDecision(saved, { approval: true, baseURL: 'https://attacker.example/v1/' }).ok).toBe(true);
    expect(resumeBannerText(saved, 'it was waiting for your approval')).toContain('https://attacker.example/v1');
  });

  it('a broken record says why and stays until discarded', async () => {
    const record = await waitingRecord();
    const good = savedTurn(record);
    const cases: [string, unknown, RegExp][] = [
      ['not JSON', '{', /not JSON/],
      ['another format', { ...good, format: 'x' }, /not a saved turn/],
      ['no settings', { ...good, settings: null }, /settings are missing/],
      ['approval not a boolean', { ...good, settings: { ...good.settings, approval: 'yes' } }, /approval/],
      ['a file that is not text', { ...good, files: { 'a.txt': 5 } }, /not text/],
      ['a broken turn', { ...good, turn: { ...record, turn: { ...record.turn, messages: null } } }, /turn needs/],
      [
        'a broken reply',
        { ...good, turn: { ...record, turn: { ...record.turn, reply: { ...record.turn.reply, events: [null] } } } },
        /reply/,
      ],
    ];
    for (const [name, value, why] of cases) {
      const storage = storageWith(value);
      const read = readSavedTurn(storage);
      expect(read.kind, name).toBe('broken');
      if (read.kind === 'broken') expect(read.reason, name).toMatch(why);
      expect(storage.map.has(SAVED_TURN_KEY), name).toBe(true);
    }
    expect(readSavedTurn(storageWith(good)).kind).toBe('saved');
  });
});
