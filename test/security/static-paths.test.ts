// The static path attacks that already held when issue 9 was filed, kept as tests. Covered
// elsewhere and referenced from the README's Security table: `..`, absolute paths, links that
// lead out (folder, file, dangling) and link loops in every tool — test/app/tools-paths.test.ts;
// read-only mode — test/app/tools-shared.test.ts and tools-files.test.ts; a 300 MB sparse file —
// test/security/size-caps.test.ts. Here: NUL bytes (both adapters) and FIFOs (disk).
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createNodeTools, openWorkspace } from '../../app/tools/node/index.js';
import { memoryAdapter, nodeAdapter, type AdapterUnderTest } from '../support/tool-adapters.js';
import { makeSandbox, noSignal, snapshotTree, toolUse, unwrap } from '../support/tool-fixtures.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

const edit = '------- SEARCH\na\n=======\nb\n+++++++ REPLACE';

describe.each([nodeAdapter, memoryAdapter])('NUL bytes in a path over the $name adapter', (adapter) => {
  it('are refused by every path tool, and nothing changes', async () => {
    const opened: AdapterUnderTest = await adapter.open({ 'a.txt': 'a\n' });
    cleanup = opened.cleanup;
    const before = await opened.files();
    for (const target of ['a.txt\0', 'a\0.txt', '\0/etc/passwd', 'dir/\0']) {
      for (const [name, params] of [
        ['read_file', { path: target }],
        ['list_files', { path: target }],
        ['search_files', { path: target, regex: 'a' }],
        ['write_to_file', { path: target, content: 'x' }],
        ['replace_in_file', { path: target, diff: edit }],
      ] as const) {
        const result = unwrap(await opened.tools[name](toolUse(name, params), noSignal()));
        expect({ name, target, ...result }).toMatchObject({ name, target, isError: true, code: 'outside-workspace' });
      }
    }
    expect(await opened.files()).toEqual(before);
  });
});

describe('a FIFO in the workspace', () => {
  it('is refused by read_file and replace_in_file, listed by list_files, skipped by search_files: nothing waits for a writer', async () => {
    const sandbox = await makeSandbox({ 'a.txt': 'a\n' });
    cleanup = sandbox.cleanup;
    execFileSync('mkfifo', [path.join(sandbox.workspace, 'pipe')]);
    const tools = createNodeTools({ workspace: await openWorkspace(sandbox.workspace) });
    const run = async (name: string, params: Record<string, string>) =>
      unwrap(await tools[name](toolUse(name, params), noSignal()));
    expect(await run('read_file', { path: 'pipe' })).toMatchObject({ isError: true, code: 'not-a-file' });
    expect(await run('replace_in_file', { path: 'pipe', diff: edit })).toMatchObject({
      isError: true,
      code: 'not-a-file',
    });
    expect((await run('list_files', { path: '.' })).content).toBe('a.txt\npipe');
    expect((await run('search_files', { path: '.', regex: 'a' })).content).toBe('Found 1 result.\n\na.txt\n  1: a');
    expect(Object.keys(await snapshotTree(sandbox.workspace))).toEqual(['a.txt', 'pipe']);
  }, 10_000);
});
