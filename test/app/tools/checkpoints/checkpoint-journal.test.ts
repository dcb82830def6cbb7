// The undo steps kept for a resumed session: what a session writes reads back the same, and a
// journal someone edited is refused with the field that is wrong — never restored outside the
// workspace, into .git, into what .gitignore ignores, or with content that does not match its key.
import { posix } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contentKey,
  createMemoryCheckpointStore,
  journalPathProblem,
  createWorkspaceCheckpoints,
  parseCheckpointJournal,
  type CheckpointJournal,
} from '../../../../app/tools/checkpoints/index.js';
import { createMemoryWorkspace } from '../../../../app/tools/memory/memory-workspace.js';
import { memoryWorkspaceFiles } from '../../../../app/tools/memory/memory-files.js';

const KEY = contentKey('one\n', 4);
const step = (path: string, extra: Record<string, unknown> = {}) => ({
  version: 1,
  recordedBytes: 4,
  steps: [
    {
      label: 'write_to_file x',
      changes: [{ path, before: { size: 4, key: KEY }, after: { size: 4, key: KEY }, ...extra }],
    },
  ],
});

describe('parseCheckpointJournal', () => {
  it.each([
    ['../outside.txt', 'steps[0].changes[0].path'],
    ['a/../../outside.txt', 'steps[0].changes[0].path'],
    ['/etc/passwd', 'steps[0].changes[0].path'],
    ['C:/Windows/win.ini', 'steps[0].changes[0].path'],
    ['.git/config', 'steps[0].changes[0].path'],
    ['src/.git/hooks/pre-commit', 'steps[0].changes[0].path'],
    ['node_modules/x/index.js', 'steps[0].changes[0].path'],
    ['a\\..\\..\\x', 'steps[0].changes[0].path'],
    ['a\0b', 'steps[0].changes[0].path'],
    ['./a.txt', 'steps[0].changes[0].path'],
    ['', 'steps[0].changes[0].path'],
  ])('refuses the path %j (%s)', (path, field) => {
    const checked = parseCheckpointJournal(step(path));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem.field).toBe(field);
  });

  it.each([
    [{ version: 2, recordedBytes: 0, steps: [] }, 'version'],
    [{ version: 1, recordedBytes: -1, steps: [] }, 'recordedBytes'],
    [{ version: 1, recordedBytes: 0, steps: {} }, 'steps'],
    [[], '(the file)'],
    [
      {
        ...step('a.txt'),
        steps: [{ label: 'x', changes: [{ path: 'a.txt', before: { size: 1, key: '../../etc/passwd' } }] }],
      },
      'steps[0].changes[0].before.key',
    ],
    [
      { ...step('a.txt'), steps: [{ label: 'x', changes: [{ path: 'a.txt', after: { size: 1.5, key: KEY } }] }] },
      'steps[0].changes[0].after.size',
    ],
    [
      { ...step('a.txt'), steps: [{ label: 'x', changes: [{ path: 'a.txt', after: { size: 1, uncovered: 'fun' } }] }] },
      'steps[0].changes[0].after.uncovered',
    ],
    [{ ...step('a.txt'), steps: [{ label: 'x', changes: [{ path: 'a.txt' }] }] }, 'steps[0].changes[0]'],
    [{ ...step('a.txt'), steps: [{ label: 'x', changes: [] }] }, 'steps[0].changes'],
    [{ ...step('a.txt'), steps: Array.from({ length: 501 }, () => step('a.txt').steps[0]) }, 'steps'],
    [
      { ...step('a.txt'), steps: [{ label: 'x'.repeat(2001), changes: step('a.txt').steps[0].changes }] },
      'steps[0].label',
    ],
    [{ ...step('a.txt'), steps: [{ label: 7, changes: step('a.txt').steps[0].changes }] }, 'steps[0].label'],
    [{ ...step('a.txt'), steps: ['x'] }, 'steps[0]'],
    [{ ...step('a.txt'), steps: [{ label: 'x', changes: ['a.txt'] }] }, 'steps[0].changes[0]'],
    [
      { ...step('a.txt'), steps: [{ label: 'x', changes: [{ path: 5, after: { size: 1, key: KEY } }] }] },
      'steps[0].changes[0].path',
    ],
    [
      { ...step('a.txt'), steps: [{ label: 'x', changes: [{ path: 'a.txt', after: 'big' }] }] },
      'steps[0].changes[0].after',
    ],
    [
      {
        ...step('a.txt'),
        steps: [{ label: 'x', changes: [{ path: 'a.txt', after: { size: 1, key: KEY, mode: 7 } }] }],
      },
      'steps[0].changes[0].after.mode',
    ],
    [
      {
        ...step('a.txt'),
        steps: [{ label: 'x', changes: [{ path: 'a.txt', after: { size: 1, key: KEY, modifiedMs: 'now' } }] }],
      },
      'steps[0].changes[0].after.modifiedMs',
    ],
    [
      {
        ...step('a.txt'),
        steps: [{ label: 'x', changes: [{ path: 'a.txt', after: { size: 1, key: KEY, inode: Number.NaN } }] }],
      },
      'steps[0].changes[0].after.inode',
    ],
    [
      { ...step('a.txt'), steps: [{ label: 'x', changes: [{ path: 'a.txt', after: { size: 1 } }] }] },
      'steps[0].changes[0].after',
    ],
    [
      {
        ...step('a.txt'),
        steps: [{ label: 'x', changes: [{ path: 'a.txt', after: { size: 1, key: KEY, uncovered: 'binary' } }] }],
      },
      'steps[0].changes[0].after',
    ],
    [
      { ...step('a.txt'), steps: [{ label: 'x', changes: [{ path: 'a.txt', before: { size: -1, key: KEY } }] }] },
      'steps[0].changes[0].before.size',
    ],
    [{ version: 1, recordedBytes: 1.5, steps: [] }, 'recordedBytes'],
    [{ version: 1, recordedBytes: 0 }, 'steps'],
    [null, '(the file)'],
  ])('refuses a broken field (%#: %s)', (value, field) => {
    const checked = parseCheckpointJournal(value);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem.field).toBe(field);
  });

  it.each([['../up'], ['.git'], ['/tmp'], [3]])('refuses a created folder %j, and keeps a good one', (folder) => {
    const bad = parseCheckpointJournal({ ...step('a.txt'), steps: [{ ...step('a.txt').steps[0], folders: [folder] }] });
    expect(bad.ok ? '' : bad.problem.field).toBe('steps[0].folders[0]');
    const good = parseCheckpointJournal({
      ...step('a/b.txt'),
      steps: [{ ...step('a/b.txt').steps[0], folders: ['a'] }],
    });
    expect(good.ok && good.value.steps[0].folders).toEqual(['a']);
  });

  it('a step may name git-ignored folders a command changed (then with no file change); each is a plain path', () => {
    const folders = (unrecorded: unknown, changes: unknown[] = []) => ({
      version: 1,
      recordedBytes: 0,
      steps: [{ label: 'execute_command make', changes, unrecorded }],
    });
    const ok = parseCheckpointJournal(folders(['build', 'src/out']));
    expect(ok).toEqual({ ok: true, value: folders(['build', 'src/out']) });
    for (const [value, field] of [
      [[], 'steps[0].unrecorded'],
      [['../up'], 'steps[0].unrecorded[0]'],
      [['node_modules'], 'steps[0].unrecorded[0]'],
      [[7], 'steps[0].unrecorded[0]'],
      [Array.from({ length: 201 }, (_, i) => `f${i}`), 'steps[0].unrecorded'],
    ] as const) {
      const refused = parseCheckpointJournal(folders(value));
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.problem.field).toBe(field);
    }
    // Without folders a step still needs a change.
    const empty = parseCheckpointJournal({ version: 1, recordedBytes: 0, steps: [{ label: 'x', changes: [] }] });
    expect(empty.ok || empty.problem.field).toBe('steps[0].changes');
  });

  it('keeps every field it accepts, and leaves out what it does not know to keep (racy)', () => {
    const state = { size: 4, modifiedMs: 1.5, changedMs: 2.5, inode: 9, key: KEY };
    const uncovered = { size: 9, uncovered: 'too-large' };
    const value = {
      version: 1,
      recordedBytes: 4,
      steps: [{ label: 'l', changes: [{ path: 'a/b.txt', before: { ...state, racy: true }, after: uncovered }] }],
    };
    expect(parseCheckpointJournal(value)).toEqual({
      ok: true,
      value: {
        version: 1,
        recordedBytes: 4,
        steps: [{ label: 'l', changes: [{ path: 'a/b.txt', before: state, after: uncovered }] }],
      },
    });
    const created = parseCheckpointJournal({
      ...value,
      steps: [{ label: 'l', changes: [{ path: 'n.txt', after: state }] }],
    });
    expect(created.ok && created.value.steps[0].changes[0]).toEqual({ path: 'n.txt', after: state });
  });

  it('property: a path the journal accepts stays inside the workspace and out of .git and node_modules', () => {
    const segment = fc.oneof(
      fc.constantFrom('..', '.', '', '.git', 'node_modules', 'a', 'b.txt', '.hidden', '..x', 'C:', '~'),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.boolean(), (parts, absolute) => {
        const candidate = `${absolute ? '/' : ''}${parts.join('/')}`;
        if (journalPathProblem(candidate) !== undefined) return;
        const resolved = posix.normalize(`/workspace/${candidate}`);
        expect(resolved.startsWith('/workspace/')).toBe(true);
        expect(resolved.split('/').some((p) => p === '.git' || p === 'node_modules')).toBe(false);
        expect(candidate.includes('\\') || candidate.includes('\0')).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: the journal a session writes reads back as it was', async () => {
    const name = fc.constantFrom('a.txt', 'b.txt', 'd/c.txt');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(name, fc.string({ maxLength: 20 })), { maxLength: 10 }), async (writes) => {
        const ws = createMemoryWorkspace({ 'a.txt': 'first\n' });
        const checkpoints = createWorkspaceCheckpoints({
          files: memoryWorkspaceFiles(ws),
          store: createMemoryCheckpointStore(),
        });
        for (const [file, content] of writes) {
          await checkpoints.before(`write ${file}`, { paths: [file] });
          ws.write(file, content);
          await checkpoints.after();
        }
        const journal = JSON.parse(JSON.stringify(checkpoints.journal())) as CheckpointJournal;
        expect(parseCheckpointJournal(journal)).toEqual({ ok: true, value: journal });
      }),
      { numRuns: 50 },
    );
  });
});

describe('checkpoints resumed from a journal', () => {
  async function session(files: Record<string, string>) {
    const ws = createMemoryWorkspace(files);
    const store = createMemoryCheckpointStore();
    let kept: CheckpointJournal | undefined;
    const first = createWorkspaceCheckpoints({ files: memoryWorkspaceFiles(ws), store, onJournal: (j) => (kept = j) });
    return { ws, store, first, kept: () => kept! };
  }

  it("undoes the earlier session's steps, newest first", async () => {
    const { ws, store, first, kept } = await session({ 'a.txt': 'one\n' });
    await first.before('write a.txt', { paths: ['a.txt'] });
    ws.write('a.txt', 'two\n');
    await first.after();
    await first.before('write b.txt', { paths: ['b.txt'] });
    ws.write('b.txt', 'new\n');
    await first.after();
    // A new process: the journal as the file gave it back.
    const checked = parseCheckpointJournal(JSON.parse(JSON.stringify(kept())));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const resumed = createWorkspaceCheckpoints({ files: memoryWorkspaceFiles(ws), store, journal: checked.value });
    expect(resumed.steps().map((s) => s.label)).toEqual(['write a.txt', 'write b.txt']);
    expect(await resumed.undo(2)).toEqual({ steps: 2, restored: ['a.txt'], removed: ['b.txt'], skipped: [] });
    expect(ws.read('a.txt')).toBe('one\n');
    expect(ws.files()).toEqual(['a.txt']);
  });

  it('restores no content that does not match its key, an ignored file included', async () => {
    const { ws, store, first, kept } = await session({ '.gitignore': 'secret.txt\n', 'a.txt': 'one\n' });
    await first.before('write a.txt', { paths: ['a.txt'] });
    ws.write('a.txt', 'two\n');
    await first.after();
    const journal = kept();
    const key = journal.steps[0].changes[0].before!.key!;
    // Someone changed the stored content, and added a step for an ignored file.
    await store.put(key, 'evil\n');
    const edited = JSON.parse(JSON.stringify(journal)) as CheckpointJournal;
    edited.steps.push({
      label: 'forged',
      changes: [{ path: 'secret.txt', before: { size: 4, key }, after: { size: 4, key: contentKey('two\n', 4) } }],
    });
    ws.write('secret.txt', 'two\n');
    const checked = parseCheckpointJournal(edited);
    if (!checked.ok) throw new Error(checked.problem.message);
    const resumed = createWorkspaceCheckpoints({ files: memoryWorkspaceFiles(ws), store, journal: checked.value });
    const report = await resumed.undo(2);
    expect(report.restored).toEqual([]);
    expect(report.skipped).toEqual([
      { path: 'secret.txt', reason: 'its recorded content does not match its key (the checkpoint folder was changed)' },
      { path: 'a.txt', reason: 'its recorded content does not match its key (the checkpoint folder was changed)' },
    ]);
    expect(ws.read('a.txt')).toBe('two\n');
    expect(ws.read('secret.txt')).toBe('two\n');
  });
});
