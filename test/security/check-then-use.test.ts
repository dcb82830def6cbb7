// The race of attack 4 made deterministic: between the moment a path is resolved (and found
// inside) and the moment the tool uses it, a folder on the path is swapped for a link to the
// outside folder, or a file for a FIFO. Every use goes through a descriptor verified inside the
// workspace (app/tools/node/open-inside.ts), so each tool refuses, reads and writes nothing
// outside, and never blocks.
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createNodeTools, openWorkspace, type NodeWorkspace } from '../../app/tools/node/index.js';
import { makeSandbox, noSignal, snapshotTree, toolUse, unwrap } from '../support/tool-fixtures.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** A workspace that runs `meanwhile` (the attacker's move) once, right after the first `resolve` (or `stat`). */
function raced(
  workspace: NodeWorkspace,
  meanwhile: () => Promise<void>,
  after: 'resolve' | 'stat' = 'resolve',
): NodeWorkspace {
  let moved = false;
  const move = async () => {
    if (moved) return;
    moved = true;
    await meanwhile();
  };
  return {
    ...workspace,
    async resolve(requested) {
      const resolved = await workspace.resolve(requested);
      if (after === 'resolve') await move();
      return resolved;
    },
    async stat(target) {
      const info = await workspace.stat(target);
      if (after === 'stat') await move();
      return info;
    },
  };
}

async function setup() {
  const sandbox = await makeSandbox({
    'd/secret.txt': 'inside secret\n',
    'd/sub/secret.txt': 'inside secret\n',
    'notes.txt': 'notes\n',
  });
  cleanup = sandbox.cleanup;
  await mkdir(path.join(sandbox.outside, 'sub'));
  await writeFile(path.join(sandbox.outside, 'sub', 'secret.txt'), 'outside secret\n');
  return sandbox;
}

const edit = '------- SEARCH\nsecret\n=======\npwned\n+++++++ REPLACE';

describe('a folder swapped for a link to the outside after the check', () => {
  const calls: [string, Record<string, string>][] = [
    ['read_file', { path: 'd/secret.txt' }],
    ['read_file', { path: 'd/sub/secret.txt' }],
    ['write_to_file', { path: 'd/new.txt', content: 'pwned' }],
    ['write_to_file', { path: 'd/sub/secret.txt', content: 'pwned' }],
    ['write_to_file', { path: 'd/sub/deeper/new.txt', content: 'pwned' }],
    ['replace_in_file', { path: 'd/secret.txt', diff: edit }],
    ['replace_in_file', { path: 'd/sub/secret.txt', diff: edit }],
  ];
  for (const [name, params] of calls) {
    it(`${name} ${params.path}: refused as outside-workspace, nothing outside read or changed`, async () => {
      const sandbox = await setup();
      const outsideBefore = await snapshotTree(sandbox.outside);
      const swap = async () => {
        await rename(path.join(sandbox.workspace, 'd'), path.join(sandbox.workspace, 'd-parked'));
        await symlink(sandbox.outside, path.join(sandbox.workspace, 'd'));
      };
      const tools = createNodeTools({ workspace: raced(await openWorkspace(sandbox.workspace), swap) });
      const result = unwrap(await tools[name](toolUse(name, params), noSignal()));
      expect(result).toMatchObject({ isError: true, code: 'outside-workspace' });
      expect(result.content).not.toContain('outside secret');
      expect(await snapshotTree(sandbox.outside)).toEqual(outsideBefore);
      expect(Object.keys(await snapshotTree(sandbox.base)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    });
  }

  for (const [name, params] of [
    ['list_files', { path: 'd/sub', recursive: 'true' }],
    ['search_files', { path: 'd/sub', regex: 'secret' }],
  ] as const) {
    it(`${name} d/sub: refused as outside-workspace, nothing outside listed or searched`, async () => {
      const sandbox = await setup();
      await writeFile(path.join(sandbox.outside, 'sub', 'outside-only.txt'), 'outside secret\n');
      const swap = async () => {
        await rename(path.join(sandbox.workspace, 'd'), path.join(sandbox.workspace, 'd-parked'));
        await symlink(sandbox.outside, path.join(sandbox.workspace, 'd'));
      };
      const tools = createNodeTools({ workspace: raced(await openWorkspace(sandbox.workspace), swap) });
      const result = unwrap(await tools[name](toolUse(name, params), noSignal()));
      expect(result).toMatchObject({ isError: true, code: 'outside-workspace' });
      expect(result.content).not.toMatch(/outside-only|outside secret/);
    });
  }
});

describe('a file swapped for something else after the check', () => {
  for (const [name, params] of [
    ['read_file', { path: 'notes.txt' }],
    ['replace_in_file', { path: 'notes.txt', diff: edit }],
  ] as const) {
    it(`${name} refuses a FIFO swapped in for the file after its stat, without blocking`, async () => {
      const sandbox = await setup();
      const fifo = path.join(sandbox.base, 'fifo');
      execFileSync('mkfifo', [fifo]);
      const swap = async () => {
        await rm(path.join(sandbox.workspace, 'notes.txt'));
        await rename(fifo, path.join(sandbox.workspace, 'notes.txt'));
      };
      const tools = createNodeTools({ workspace: raced(await openWorkspace(sandbox.workspace), swap, 'stat') });
      expect(unwrap(await tools[name](toolUse(name, params), noSignal()))).toMatchObject({
        isError: true,
        code: 'io-error',
      });
    }, 5_000);
  }

  it('a file swapped for a link to an outside file is not read (the last name is opened without following links)', async () => {
    const sandbox = await setup();
    const swap = async () => {
      await rm(path.join(sandbox.workspace, 'notes.txt'), { force: true });
      await symlink(path.join(sandbox.outside, 'secret.txt'), path.join(sandbox.workspace, 'notes.txt')).catch(
        () => {},
      );
    };
    const tools = createNodeTools({ workspace: raced(await openWorkspace(sandbox.workspace), swap) });
    const read = unwrap(await tools.read_file(toolUse('read_file', { path: 'notes.txt' }), noSignal()));
    expect(read.isError).toBe(true);
    expect(read.content).not.toContain('outside secret');
    const edited = unwrap(
      await tools.replace_in_file(toolUse('replace_in_file', { path: 'notes.txt', diff: edit }), noSignal()),
    );
    expect(edited.isError).toBe(true);
    expect(await readdir(sandbox.outside)).toEqual(['secret.txt', 'sub']);
  });
});
