import { afterEach, describe, expect, it } from 'vitest';
import { lstat, mkdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { createNodeTools, openWorkspace } from '../../../app/tools/node/index.js';
import { makeSandbox, noSignal, snapshotTree, toolUse, unwrap } from '../../support/tool-fixtures.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

const replaceDiff = '------- SEARCH\noutside secret\n=======\npwned\n+++++++ REPLACE';

/** Every path-taking tool, aimed at `target`. */
function attempts(target: string): [string, Record<string, string>][] {
  return [
    ['read_file', { path: target }],
    ['list_files', { path: target, recursive: 'true' }],
    ['search_files', { path: target, regex: 'secret' }],
    ['write_to_file', { path: target, content: 'pwned' }],
    ['write_to_file', { path: `${target}/new.txt`, content: 'pwned' }],
    ['replace_in_file', { path: target, diff: replaceDiff }],
  ];
}

describe('paths that leave the workspace', () => {
  async function setup() {
    const sandbox = await makeSandbox({ 'inside.txt': 'inside\n' });
    cleanup = sandbox.cleanup;
    await symlink(sandbox.outside, path.join(sandbox.workspace, 'link-out'));
    await symlink(path.join(sandbox.outside, 'secret.txt'), path.join(sandbox.workspace, 'secret-link.txt'));
    await symlink(path.join(sandbox.outside, 'missing.txt'), path.join(sandbox.workspace, 'dangling.txt'));
    const tools = createNodeTools({ workspace: await openWorkspace(sandbox.workspace) });
    const before = await snapshotTree(sandbox.base);
    return { ...sandbox, tools, before };
  }

  const cases: [string, (s: { outside: string; workspace: string }) => string][] = [
    ['../ relative', () => '../outside/secret.txt'],
    ['../ folder', () => '../outside'],
    ['deep ../', () => 'a/b/../../../outside/secret.txt'],
    ['absolute elsewhere', (s) => path.join(s.outside, 'secret.txt')],
    ['absolute root', () => '/'],
    ['symlinked folder', () => 'link-out/secret.txt'],
    ['symlinked folder itself', () => 'link-out'],
    ['symlinked file', () => 'secret-link.txt'],
    ['dangling symlink', () => 'dangling.txt'],
  ];

  for (const [label, target] of cases) {
    it(`refuses ${label} in every tool and touches nothing`, async () => {
      const sandbox = await setup();
      for (const [name, params] of attempts(target(sandbox))) {
        const result = unwrap(await sandbox.tools[name](toolUse(name, params), noSignal()));
        expect({ name, ...result }).toMatchObject({ name, isError: true, code: 'outside-workspace' });
        expect(result.content).not.toContain('outside secret');
      }
      expect(await snapshotTree(sandbox.base)).toEqual(sandbox.before);
    });
  }

  it('still allows absolute paths inside and links that stay inside', async () => {
    const sandbox = await setup();
    await mkdir(path.join(sandbox.workspace, 'real'));
    await symlink(path.join(sandbox.workspace, 'real'), path.join(sandbox.workspace, 'alias'));
    const write = unwrap(
      await sandbox.tools.write_to_file(toolUse('write_to_file', { path: 'alias/ok.txt', content: 'ok' }), noSignal()),
    );
    expect(write.isError).toBe(false);
    const read = unwrap(
      await sandbox.tools.read_file(
        toolUse('read_file', { path: path.join(sandbox.workspace, 'real/ok.txt') }),
        noSignal(),
      ),
    );
    expect(read).toEqual({ content: 'ok', isError: false });
  });

  it('allows names that only start with two dots', async () => {
    const sandbox = await setup();
    const write = unwrap(
      await sandbox.tools.write_to_file(
        toolUse('write_to_file', { path: '..notes/..draft.txt', content: 'ok' }),
        noSignal(),
      ),
    );
    expect(write.isError).toBe(false);
    expect(await readFile(path.join(sandbox.workspace, '..notes/..draft.txt'), 'utf8')).toBe('ok');
  });

  it('writes through a link that stays inside, keeping the link a link', async () => {
    const sandbox = await setup();
    await symlink(path.join(sandbox.workspace, 'inside.txt'), path.join(sandbox.workspace, 'alias.txt'));
    const write = unwrap(
      await sandbox.tools.write_to_file(
        toolUse('write_to_file', { path: 'alias.txt', content: 'changed\n' }),
        noSignal(),
      ),
    );
    expect(write.isError).toBe(false);
    expect((await lstat(path.join(sandbox.workspace, 'alias.txt'))).isSymbolicLink()).toBe(true);
    expect(await readFile(path.join(sandbox.workspace, 'inside.txt'), 'utf8')).toBe('changed\n');
  });

  it('refuses a link loop with an error result', async () => {
    const sandbox = await setup();
    await symlink('loop-b', path.join(sandbox.workspace, 'loop-a'));
    await symlink('loop-a', path.join(sandbox.workspace, 'loop-b'));
    const read = unwrap(await sandbox.tools.read_file(toolUse('read_file', { path: 'loop-a/x.txt' }), noSignal()));
    expect(read).toMatchObject({ isError: true, code: 'io-error' });
  });

  it('does not follow links while listing or searching', async () => {
    const sandbox = await setup();
    const list = unwrap(
      await sandbox.tools.list_files(toolUse('list_files', { path: '.', recursive: 'true' }), noSignal()),
    );
    expect(list.content.split('\n')).toEqual([
      'dangling.txt (symlink)',
      'inside.txt',
      'link-out (symlink)',
      'secret-link.txt (symlink)',
    ]);
    const search = unwrap(
      await sandbox.tools.search_files(toolUse('search_files', { path: '.', regex: 'secret' }), noSignal()),
    );
    expect(search.content).toMatch(/^Found 0 results/);
  });
});
