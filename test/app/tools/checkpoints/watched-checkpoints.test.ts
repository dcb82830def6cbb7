// Checkpoints that hear which folders changed (folder watches on Linux) must undo exactly what
// checkpoints that look at every file undo: new folders, removed and renamed ones, rewrites of
// the same size within one clock tick, and a person's edits between steps left alone.
import { mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryCheckpointStore, createWorkspaceCheckpoints } from '../../../../app/tools/checkpoints/index.js';
import { MAX_CHANGES_PER_TAKE, watchFolders } from '../../../../app/tools/node/folder-watch.js';
import { openWorkspace } from '../../../../app/tools/node/index.js';
import { createMemoryWorkspace } from '../../../../app/tools/memory/memory-workspace.js';
import { memoryWorkspaceFiles } from '../../../../app/tools/memory/memory-files.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function tempTree(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'watched-checkpoints-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  return dir;
}

/** Every file below `root` (not .git) with its content. */
async function tree(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const visit = async (folder: string) => {
    for (const entry of await readdir(path.join(root, folder), { withFileTypes: true })) {
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await visit(relative);
      else out[relative] = await readFile(path.join(root, relative), 'utf8');
    }
  };
  await visit('');
  return out;
}

async function checkpointsOn(root: string, watch: boolean) {
  const checkpoints = createWorkspaceCheckpoints({
    files: await openWorkspace(root),
    store: createMemoryCheckpointStore(),
    watch,
  });
  cleanups.push(() => checkpoints.close());
  return checkpoints;
}

const START = { 'a.txt': 'one\n', 'src/b.ts': 'b\n', 'src/deep/c.ts': 'c\n', 'old/d.txt': 'd\n' };

describe.runIf(process.platform === 'linux')('checkpoints with folder watches', () => {
  it('a command that adds, removes and renames folders is undone exactly, as without watches', async () => {
    for (const watch of [true, false]) {
      const root = await tempTree(START);
      const checkpoints = await checkpointsOn(root, watch);
      await checkpoints.before('warm-up', 'workspace');
      await checkpoints.after();
      await checkpoints.before('execute_command ./reshape', 'workspace');
      await mkdir(path.join(root, 'new/inner'), { recursive: true });
      await writeFile(path.join(root, 'new/inner/e.txt'), 'e\n');
      await rename(path.join(root, 'src/deep'), path.join(root, 'src/moved'));
      await rm(path.join(root, 'old'), { recursive: true });
      await writeFile(path.join(root, 'a.txt'), 'two\n');
      await checkpoints.after();
      expect([...checkpoints.steps()[0].changed].sort()).toEqual(
        ['a.txt', 'new/inner/e.txt', 'old/d.txt', 'src/deep/c.ts', 'src/moved/c.ts'].sort(),
      );
      const report = await checkpoints.undo(1);
      expect(report.skipped).toEqual([]);
      expect(await tree(root)).toEqual(START);
    }
  });

  it('a folder moved away and replaced by a link is seen as its files gone, as without watches', async () => {
    for (const watch of [true, false]) {
      const root = await tempTree(START);
      const away = await tempTree({});
      const checkpoints = await checkpointsOn(root, watch);
      await checkpoints.before('warm-up', 'workspace');
      await checkpoints.after();
      await checkpoints.before('execute_command ./swap', 'workspace');
      await rename(path.join(root, 'src/deep'), path.join(away, 'deep'));
      await symlink(path.join(away, 'deep'), path.join(root, 'src/deep'));
      await checkpoints.after();
      expect(checkpoints.steps().map((s) => s.changed)).toEqual([['src/deep/c.ts']]);
    }
  });

  it("a person's edit between two steps is the new baseline, never undone", async () => {
    const root = await tempTree(START);
    const checkpoints = await checkpointsOn(root, true);
    await checkpoints.before('cmd 1', 'workspace');
    await writeFile(path.join(root, 'src/b.ts'), 'agent\n');
    await checkpoints.after();
    await writeFile(path.join(root, 'src/deep/c.ts'), 'person\n');
    await checkpoints.before('cmd 2', 'workspace');
    await writeFile(path.join(root, 'a.txt'), 'agent\n');
    await checkpoints.after();
    expect(checkpoints.steps().map((s) => s.changed)).toEqual([['src/b.ts'], ['a.txt']]);
    await checkpoints.undo(2);
    expect(await tree(root)).toEqual({ ...START, 'src/deep/c.ts': 'person\n' });
  });

  it('property: any sequence of file and folder changes, undone at once, gives back the first tree', async () => {
    const folder = fc.constantFrom('', 'src', 'src/deep', 'x', 'x/y');
    const name = fc.constantFrom('f1.txt', 'f2.txt');
    const op = fc.oneof(
      fc.record({ kind: fc.constant('write' as const), folder, name, text: fc.string({ maxLength: 8 }) }),
      fc.record({ kind: fc.constant('remove' as const), folder, name }),
      fc.record({ kind: fc.constant('drop-folder' as const), folder }),
      fc.record({ kind: fc.constant('move-folder' as const), from: folder, to: fc.constantFrom('m1', 'x/m2') }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        async (steps) => {
          const root = await tempTree(START);
          const checkpoints = await checkpointsOn(root, true);
          for (const [i, ops] of steps.entries()) {
            await checkpoints.before(`cmd ${i}`, 'workspace');
            for (const o of ops) await apply(root, o);
            await checkpoints.after();
          }
          await checkpoints.undo(steps.length);
          // Folders a command made may stay behind empty; the files are what count.
          expect(await tree(root)).toEqual(START);
        },
      ),
      { numRuns: 25 },
    );
  });
});

type Op =
  | { kind: 'write'; folder: string; name: string; text: string }
  | { kind: 'remove'; folder: string; name: string }
  | { kind: 'drop-folder'; folder: string }
  | { kind: 'move-folder'; from: string; to: string };

async function apply(root: string, o: Op): Promise<void> {
  const at = (...parts: string[]) => path.join(root, ...parts);
  switch (o.kind) {
    case 'write':
      await mkdir(at(o.folder), { recursive: true });
      await writeFile(at(o.folder, o.name), o.text).catch(() => undefined);
      return;
    case 'remove':
      await rm(at(o.folder, o.name), { force: true });
      return;
    case 'drop-folder':
      if (o.folder !== '') await rm(at(o.folder), { recursive: true, force: true });
      return;
    case 'move-folder':
      if (o.from === '' || o.to.startsWith(o.from)) return;
      await mkdir(path.dirname(at(o.to)), { recursive: true });
      await rename(at(o.from), at(o.to)).catch(() => undefined);
  }
}

describe('stamps within one clock tick', () => {
  it('a rewrite of the same size that leaves the stamps as they were is still seen (racy stamps are read again)', async () => {
    // A disk whose clock ticks coarsely: every stat in this test shows the same times and inode.
    const ws = createMemoryWorkspace({ 'a.txt': 'one\n' });
    const plain = memoryWorkspaceFiles(ws);
    const tick = Date.now();
    const files: typeof plain = {
      ...plain,
      async stat(target) {
        const info = await plain.stat(target);
        return info && { ...info, modifiedMs: tick, changedMs: tick, inode: 7 };
      },
    };
    const checkpoints = createWorkspaceCheckpoints({ files, store: createMemoryCheckpointStore() });
    await checkpoints.before('cmd 1', 'workspace');
    ws.write('a.txt', 'two\n');
    await checkpoints.after();
    await checkpoints.before('cmd 2', 'workspace');
    ws.write('a.txt', 'six\n');
    await checkpoints.after();
    expect(checkpoints.steps().map((s) => s.changed)).toEqual([['a.txt'], ['a.txt']]);
    await checkpoints.undo(1);
    expect(ws.read('a.txt')).toBe('two\n');
    await checkpoints.undo(1);
    expect(ws.read('a.txt')).toBe('one\n');
  });
});

describe.runIf(process.platform === 'linux')('the folder watch', () => {
  it('a folder made after the start is watched at once: a change inside it later is heard', async () => {
    const root = await tempTree({ 'a/one.txt': '1' });
    const feed = watchFolders(root, { skipDirectories: new Set(['node_modules']) });
    cleanups.push(() => feed!.close());
    await mkdir(path.join(root, 'a/new/deeper'), { recursive: true });
    await writeFile(path.join(root, 'a/new/deeper/f.txt'), 'x');
    expect([...((await feed!.take()) ?? [])].sort()).toEqual(['a', 'a/new', 'a/new/deeper']);
    await writeFile(path.join(root, 'a/new/deeper/f.txt'), 'y');
    expect([...((await feed!.take()) ?? [])]).toEqual(['a/new/deeper']);
    // Ignored folders are not watched.
    await mkdir(path.join(root, 'node_modules/x'), { recursive: true });
    await feed!.take();
    await writeFile(path.join(root, 'node_modules/x/m.js'), 'm');
    expect([...((await feed!.take()) ?? [])]).toEqual([]);
  });

  it('names the folders that changed, and vouches for nothing after a flood of changes', async () => {
    const root = await tempTree({ 'a/one.txt': '1', 'b/two.txt': '2' });
    const feed = watchFolders(root, { skipDirectories: new Set(['node_modules']) });
    expect(feed).toBeDefined();
    cleanups.push(() => feed!.close());
    await writeFile(path.join(root, 'b/two.txt'), '22');
    expect([...((await feed!.take()) ?? [])]).toEqual(['b']);
    expect([...((await feed!.take()) ?? [])]).toEqual([]);
    for (let i = 0; i <= MAX_CHANGES_PER_TAKE / 2; i++) await writeFile(path.join(root, 'a', `n-${i}.txt`), 'x');
    expect(await feed!.take()).toBeUndefined();
    expect(await feed!.take()).toEqual(new Set());
  });
});
