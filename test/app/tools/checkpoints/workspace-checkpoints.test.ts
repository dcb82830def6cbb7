import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, mkdir, readdir, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMemoryCheckpointStore,
  createWorkspaceCheckpoints,
  undoSentence,
  withCheckpoints,
} from '../../../../app/tools/checkpoints/index.js';
import { createMemoryWorkspace } from '../../../../app/tools/memory/memory-workspace.js';
import { memoryWorkspaceFiles } from '../../../../app/tools/memory/memory-files.js';
import { createDiskCheckpointStore, openWorkspace } from '../../../../app/tools/node/index.js';
import type { WorkspaceTool } from '../../../../app/tools/index.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function tempDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'checkpoints-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  return dir;
}

describe('checkpoints in memory (the page)', () => {
  it('a file .gitignore ignores, rewritten or created by a write, comes back on undo (issue 32: "Nothing to undo")', async () => {
    const ws = createMemoryWorkspace({ '.gitignore': '.env\n*.local\n', '.env': 'KEY=mine\n' });
    const checkpoints = createWorkspaceCheckpoints({
      files: memoryWorkspaceFiles(ws),
      store: createMemoryCheckpointStore(),
    });
    await checkpoints.before('write .env', { paths: ['.env'] });
    ws.write('.env', 'KEY=agent\n');
    await checkpoints.after();
    await checkpoints.before('write x.local', { paths: ['x.local'] });
    ws.write('x.local', 'new\n');
    await checkpoints.after();
    const report = await checkpoints.undo(2);
    expect(report).toEqual({ steps: 2, restored: ['.env'], removed: ['x.local'], skipped: [] });
    expect(ws.read('.env')).toBe('KEY=mine\n');
    expect(ws.files()).toEqual(['.env', '.gitignore']);
    expect(undoSentence(report)).toBe('Undid 2 steps: restored .env; removed x.local (created by the agent).');
  });

  it('undo puts back a rewritten file and removes a created one, and says so', async () => {
    const ws = createMemoryWorkspace({ 'a.txt': 'one\n' });
    const files = memoryWorkspaceFiles(ws);
    const checkpoints = createWorkspaceCheckpoints({ files, store: createMemoryCheckpointStore() });
    await checkpoints.before('write a.txt', { paths: ['a.txt'] });
    ws.write('a.txt', 'two\n');
    await checkpoints.after();
    await checkpoints.before('write b.txt', { paths: ['b.txt'] });
    ws.write('b.txt', 'new\n');
    await checkpoints.after();
    expect(checkpoints.steps().map((s) => s.changed)).toEqual([['a.txt'], ['b.txt']]);
    const report = await checkpoints.undo(2);
    expect(report).toEqual({ steps: 2, restored: ['a.txt'], removed: ['b.txt'], skipped: [] });
    expect(ws.files()).toEqual(['a.txt']);
    expect(ws.read('a.txt')).toBe('one\n');
    expect(undoSentence(report)).toBe('Undid 2 steps: restored a.txt; removed b.txt (created by the agent).');
  });

  it('never touches a file someone edited after the agent', async () => {
    const ws = createMemoryWorkspace({ 'a.txt': 'one\n' });
    const checkpoints = createWorkspaceCheckpoints({
      files: memoryWorkspaceFiles(ws),
      store: createMemoryCheckpointStore(),
    });
    await checkpoints.before('write', { paths: ['a.txt'] });
    ws.write('a.txt', 'agent\n');
    await checkpoints.after();
    ws.write('a.txt', 'person\n');
    const report = await checkpoints.undo(1);
    expect(report.skipped).toEqual([{ path: 'a.txt', reason: 'changed since the agent wrote it' }]);
    expect(ws.read('a.txt')).toBe('person\n');
  });

  it('a step that changed nothing is not an undo step; undo with none says so', async () => {
    const ws = createMemoryWorkspace({ 'a.txt': 'one\n' });
    const checkpoints = createWorkspaceCheckpoints({
      files: memoryWorkspaceFiles(ws),
      store: createMemoryCheckpointStore(),
    });
    await checkpoints.before('cmd', 'workspace');
    await checkpoints.after();
    expect(checkpoints.steps()).toEqual([]);
    expect(undoSentence(await checkpoints.undo(1))).toBe(
      'Nothing to undo: the agent has not changed any file in this session.',
    );
  });

  it('property: any sequence of agent writes undone all at once gives back the first workspace', async () => {
    const name = fc.constantFrom('a.txt', 'b.txt', 'd/c.txt');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(name, fc.string({ maxLength: 20 })), { maxLength: 12 }), async (writes) => {
        const ws = createMemoryWorkspace({ 'a.txt': 'first\n' });
        const checkpoints = createWorkspaceCheckpoints({
          files: memoryWorkspaceFiles(ws),
          store: createMemoryCheckpointStore(),
        });
        for (const [file, content] of writes) {
          await checkpoints.before(`write ${file}`, 'workspace');
          ws.write(file, content);
          await checkpoints.after();
        }
        await checkpoints.undo(writes.length);
        expect(ws.files()).toEqual(['a.txt']);
        expect(ws.read('a.txt')).toBe('first\n');
      }),
      { numRuns: 60 },
    );
  });
});

describe('checkpoints on disk (the CLI)', () => {
  it("a command's changes across the workspace are undone; .gitignore'd, large and .git files are never recorded", async () => {
    const root = await tempDir({
      '.gitignore': 'build/\n',
      'src/a.ts': 'export const a = 1;\n',
      'build/out.js': 'old build\n',
      '.git/HEAD': 'ref: refs/heads/main\n',
      'big.txt': 'x'.repeat(2048),
    });
    const storeDir = await tempDir({});
    const files = await openWorkspace(root);
    const checkpoints = createWorkspaceCheckpoints({
      files,
      store: createDiskCheckpointStore(storeDir),
      maxFileBytes: 1024,
    });
    await checkpoints.before('execute_command ./rewrite', 'workspace');
    await writeFile(path.join(root, 'src/a.ts'), 'export const a = 2;\n');
    await writeFile(path.join(root, 'src/new.ts'), 'new\n');
    await writeFile(path.join(root, 'build/out.js'), 'new build\n');
    await writeFile(path.join(root, '.git/HEAD'), 'changed\n');
    await writeFile(path.join(root, 'big.txt'), 'y'.repeat(2048));
    await checkpoints.after();
    const report = await checkpoints.undo(1);
    expect(report.restored).toEqual(['src/a.ts']);
    expect(report.removed).toEqual(['src/new.ts']);
    expect(report.skipped).toEqual([
      { path: 'build/', reason: 'git-ignored: the command changed files in it, which checkpoints do not record' },
      { path: 'big.txt', reason: 'not recorded (larger than the checkpoint size limit)' },
    ]);
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe('export const a = 1;\n');
    expect(await readdir(path.join(root, 'src'))).toEqual(['a.ts']);
    // Not recorded (named above): ignored output and the user's own .git stay as the command left them.
    expect(await readFile(path.join(root, 'build/out.js'), 'utf8')).toBe('new build\n');
    expect(await readFile(path.join(root, '.git/HEAD'), 'utf8')).toBe('changed\n');
    // Kept outside the workspace.
    expect((await readdir(storeDir)).length).toBeGreaterThan(0);
  });

  it('/undo removes the folders a step created once they are empty, never a folder that was there before', async () => {
    const root = await tempDir({ 'README.md': '# x\n' });
    await mkdir(path.join(root, 'empty-before'));
    const storeDir = await tempDir({});
    for (const watch of [false, true]) {
      const checkpoints = createWorkspaceCheckpoints({
        files: await openWorkspace(root),
        store: createDiskCheckpointStore(storeDir),
        watch,
      });
      // A command: new nested folders, a file in a folder that was there (empty), a folder left with a file of the person's.
      await checkpoints.before('execute_command mkdir', 'workspace');
      await mkdir(path.join(root, 'made/deep'), { recursive: true });
      await writeFile(path.join(root, 'made/deep/x.txt'), 'hi\n');
      await writeFile(path.join(root, 'empty-before/y.txt'), 'hi\n');
      await mkdir(path.join(root, 'kept'));
      await writeFile(path.join(root, 'kept/z.txt'), 'agent\n');
      await checkpoints.after();
      await writeFile(path.join(root, 'kept/mine.txt'), 'person\n');
      // A write into new folders.
      await checkpoints.before('write_to_file docs/api/a.md', { paths: ['docs/api/a.md'] });
      await mkdir(path.join(root, 'docs/api'), { recursive: true });
      await writeFile(path.join(root, 'docs/api/a.md'), 'a\n');
      await checkpoints.after();
      const report = await checkpoints.undo(2);
      expect(report.removedFolders).toEqual(['docs/api', 'docs', 'made/deep', 'made']);
      expect((await readdir(root)).sort()).toEqual(['README.md', 'empty-before', 'kept']);
      expect(await readdir(path.join(root, 'empty-before'))).toEqual([]);
      expect(await readdir(path.join(root, 'kept'))).toEqual(['mine.txt']);
      expect(undoSentence(report)).toContain('removed the empty folders docs/api/, docs/, made/deep/, made/');
      // The created folders are in the journal, and checked when read back.
      checkpoints.close();
      await rm(path.join(root, 'kept/mine.txt'));
      await rm(path.join(root, 'kept'), { recursive: true });
    }
  });

  it('a command that rewrites a git-ignored .env and ignored build output: .env comes back, build/ is named (issue 32: "Nothing to undo")', async () => {
    for (const watch of [true, false]) {
      const root = await tempDir({
        '.gitignore': '.env\n*.log\nbuild/\n',
        '.env': 'KEY=mine\n',
        'src/a.ts': 'a\n',
        'build/out.js': 'old\n',
        'dist-keep/x.txt': 'x\n',
      });
      const checkpoints = createWorkspaceCheckpoints({
        files: await openWorkspace(root),
        store: createMemoryCheckpointStore(),
        watch,
      });
      cleanups.push(async () => checkpoints.close());
      // A first step the watches start from (a command changing nothing is no step).
      await checkpoints.before('execute_command true', 'workspace');
      await checkpoints.after();
      await checkpoints.before('execute_command ./clobber', 'workspace');
      await writeFile(path.join(root, '.env'), 'KEY=agent\n');
      await writeFile(path.join(root, 'debug.log'), 'new log\n');
      await writeFile(path.join(root, 'build/out.js'), 'new\n');
      await checkpoints.after();
      expect(checkpoints.steps()).toEqual([
        { label: 'execute_command ./clobber', changed: ['.env', 'debug.log'], unrecorded: ['build'] },
      ]);
      const report = await checkpoints.undo(1);
      expect(report).toEqual({
        steps: 1,
        restored: ['.env'],
        removed: ['debug.log'],
        skipped: [
          { path: 'build/', reason: 'git-ignored: the command changed files in it, which checkpoints do not record' },
        ],
      });
      expect(await readFile(path.join(root, '.env'), 'utf8')).toBe('KEY=mine\n');
      expect(undoSentence(report)).toBe(
        'Undid 1 step: restored .env; removed debug.log (created by the agent); left build/ (git-ignored: the command changed files in it, which checkpoints do not record).',
      );
    }
  });

  it('a command that changed only an ignored folder (created, or removed) is still a step, and /undo names it', async () => {
    const root = await tempDir({ '.gitignore': 'out/\ncache/\n', 'cache/c.bin': 'c\n', 'a.txt': 'a\n' });
    const checkpoints = createWorkspaceCheckpoints({
      files: await openWorkspace(root),
      store: createMemoryCheckpointStore(),
      watch: false,
    });
    await checkpoints.before('execute_command make', 'workspace');
    await mkdir(path.join(root, 'out'));
    await writeFile(path.join(root, 'out/bin'), 'bin\n');
    await rm(path.join(root, 'cache'), { recursive: true });
    await checkpoints.after();
    expect(checkpoints.steps()).toEqual([{ label: 'execute_command make', changed: [], unrecorded: ['cache', 'out'] }]);
    // Kept in the session's journal, and believed when read back.
    const journal = checkpoints.journal();
    expect(journal.steps[0]).toEqual({ label: 'execute_command make', changes: [], unrecorded: ['cache', 'out'] });
    const report = await checkpoints.undo(1);
    expect(report.skipped.map((s) => s.path)).toEqual(['cache/', 'out/']);
    expect(undoSentence(report)).not.toContain('Nothing to undo');
  });

  it('the disk store reads back only regular files: a FIFO or a link put at a key gives nothing, at once', async () => {
    const storeDir = await tempDir({});
    const store = createDiskCheckpointStore(storeDir);
    await store.put('4-abc', 'one\n');
    expect(await store.get('4-abc')).toBe('one\n');
    execFileSync('mkfifo', [path.join(storeDir, '5-fifo')]);
    await symlink(path.join(storeDir, '4-abc'), path.join(storeDir, '6-link'));
    expect(await store.get('5-fifo')).toBeUndefined();
    expect(await store.get('6-link')).toBeUndefined();
    expect(await store.get('7-missing')).toBeUndefined();
  });

  it('the session limit stops recording; undo then says what it could not restore', async () => {
    const root = await tempDir({ 'a.txt': 'a'.repeat(600), 'b.txt': 'b'.repeat(600) });
    const checkpoints = createWorkspaceCheckpoints({
      files: await openWorkspace(root),
      store: createMemoryCheckpointStore(),
      maxSessionBytes: 1000,
    });
    await checkpoints.before('cmd', 'workspace');
    await writeFile(path.join(root, 'a.txt'), 'A');
    await writeFile(path.join(root, 'b.txt'), 'B');
    await checkpoints.after();
    expect(checkpoints.bytesRecorded()).toBeLessThanOrEqual(1000);
    const report = await checkpoints.undo(1);
    expect(report.restored.length + report.skipped.length).toBe(2);
    expect(report.skipped.map((s) => s.reason)).toContain("not recorded (the session's checkpoint space was full)");
  });

  it('withCheckpoints records a write tool and a command, not a read', async () => {
    const ws = createMemoryWorkspace({ 'a.txt': 'one' });
    const checkpoints = createWorkspaceCheckpoints({
      files: memoryWorkspaceFiles(ws),
      store: createMemoryCheckpointStore(),
    });
    const write: WorkspaceTool = async (use) => {
      ws.write(use.params.path!, use.params.content!);
      return 'ok';
    };
    const read: WorkspaceTool = async () => 'read';
    const tools = withCheckpoints({ write_to_file: write, read_file: read }, checkpoints);
    const signal = new AbortController().signal;
    await tools.read_file({ type: 'tool_use', name: 'read_file', params: { path: 'a.txt' }, partial: false } as never, {
      signal,
    });
    await tools.write_to_file(
      { type: 'tool_use', name: 'write_to_file', params: { path: 'a.txt', content: 'two' }, partial: false } as never,
      { signal },
    );
    expect(checkpoints.steps()).toEqual([{ label: 'write_to_file a.txt', changed: ['a.txt'] }]);
  });
});
