// The page's interrupted turn: kept in storage at every step that matters, offered after a reload,
// resumed with its in-memory workspace restored.
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { createMemoryTools, createMemoryWorkspace } from '../../../../app/tools/memory/index.js';
import { WRITING_TOOL_NAMES } from '../../../../app/tools/index.js';
import {
  forgetTurn,
  loadInterruptedTurn,
  readSavedTurn,
  SAVED_TURN_KEY,
  saveTurn,
  type TurnStorage,
} from '../../../../app/web/persistence/saved-turn.js';
import { createTurnActor } from '../../../../app/web/conversation/turn-runner.js';
import { createChatClient } from '../../../../src/wire/chat-client.js';
import { createScriptedModel } from '../../../../scripted/index.js';
import { TEST_WIRE } from '../../../support/test-wire.js';

function memoryStorage(): TurnStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const TASK = 'Read README.md and write notes.md with what you learn about the project.';
const source = { kind: 'scripted' as const, profile: 'glm-5.1', fault: 'none', paceMs: 0 };

function settingsFor(files: Record<string, string>) {
  const workspace = createMemoryWorkspace(files);
  const client = createChatClient({
    wire: TEST_WIRE,
    baseURL: 'http://scripted.local/v1',
    fetch: createScriptedModel({ pace: 0 }),
  });
  return {
    workspace,
    settings: {
      client,
      model: 'scripted:glm-5.1',
      task: TASK,
      tools: createMemoryTools(workspace),
      approval: WRITING_TOOL_NAMES,
      nativeTools: false,
      retryDelaysMs: [0],
    },
  };
}

describe('the page keeps an interrupted turn', () => {
  it('a turn saved while it waits for approval resumes after a "reload", its workspace restored', async () => {
    const storage = memoryStorage();
    const first = settingsFor({ 'README.md': '# Pocket Ledger\n' });
    const actor = createTurnActor(first.settings, () => {});
    const waiting = new Promise<void>((resolve) =>
      actor.subscribe((s) => {
        if (s.hasTag('awaiting-approval')) resolve();
      }),
    );
    actor.start();
    await waiting;
    first.workspace.write('scratch.txt', 'edited by the person while the turn waited\n');
    const files = Object.fromEntries(first.workspace.files().map((f) => [f, first.workspace.read(f) ?? '']));
    expect(
      saveTurn(storage, {
        task: TASK,
        settings: { approval: true, nativeTools: false, source },
        files,
        turn: actor.getPersistedSnapshot(),
      }),
    ).toBe(true);
    actor.stop(); // the reload

    const saved = loadInterruptedTurn(storage);
    expect(saved?.task).toBe(TASK);
    expect(saved?.turn.resume).toBe('awaiting-approval');
    // A new page: the demo files, then the saved ones written back.
    const second = settingsFor({ 'README.md': '# Pocket Ledger\n' });
    for (const [file, content] of Object.entries(saved!.files)) second.workspace.write(file, content);
    const resumed = createTurnActor(second.settings, () => {}, saved!.turn);
    resumed.subscribe((s) => {
      if (s.hasTag('awaiting-approval')) queueMicrotask(() => resumed.send({ type: 'APPROVE' }));
    });
    const done = toPromise(resumed);
    resumed.start();
    const output = await done;
    expect(output.reason).toBe('completed');
    expect(second.workspace.read('notes.md')).toContain('# Notes for: Read README.md');
    expect(second.workspace.read('scratch.txt')).toBe('edited by the person while the turn waited\n');
  });

  it('keeps the files the turn changed, and says so when that list names a file it does not hold', async () => {
    const storage = memoryStorage();
    const first = settingsFor({ 'README.md': '# Pocket Ledger\n' });
    const actor = createTurnActor(first.settings, () => {});
    const waiting = new Promise<void>((resolve) =>
      actor.subscribe((s) => {
        if (s.hasTag('awaiting-approval')) resolve();
      }),
    );
    actor.start();
    await waiting;
    const settings = { approval: true, nativeTools: false, source };
    const files = { 'README.md': '# Pocket Ledger\n', 'notes.md': '# Notes\n' };
    saveTurn(storage, { task: TASK, settings, files, changed: ['notes.md'], turn: actor.getPersistedSnapshot() });
    expect(loadInterruptedTurn(storage)?.changed).toEqual(['notes.md']);
    saveTurn(storage, { task: TASK, settings, files, changed: ['gone.md'], turn: actor.getPersistedSnapshot() });
    expect(readSavedTurn(storage)).toEqual({
      kind: 'broken',
      reason: 'its changed file "gone.md" is not one of its files',
    });
    actor.stop();
  });

  it('offers nothing for what cannot be resumed, and keeps the broken record until it is discarded (it says why)', () => {
    const storage = memoryStorage();
    expect(loadInterruptedTurn(storage)).toBeUndefined();
    for (const text of [
      '{',
      '{"format":"other"}',
      JSON.stringify({
        format: 'agent-turn/page-turn',
        version: 1,
        task: 't',
        settings: {},
        files: {},
        turn: { format: 'agent-turn/turn', version: 9 },
      }),
    ]) {
      storage.setItem(SAVED_TURN_KEY, text);
      expect(loadInterruptedTurn(storage)).toBeUndefined();
      expect(storage.map.has(SAVED_TURN_KEY)).toBe(true);
    }
    storage.setItem(SAVED_TURN_KEY, 'x');
    forgetTurn(storage);
    expect(storage.map.size).toBe(0);
    const full: TurnStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(
      saveTurn(full, {
        task: 't',
        settings: { approval: false, nativeTools: false, source },
        files: {},
        turn: {} as never,
      }),
    ).toBe(false);
  });
});
