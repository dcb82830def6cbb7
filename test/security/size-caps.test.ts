// Attack 8 of issue 9: replace_in_file read a 300 MB file whole (+315 MB RSS). Every read now
// has a cap (the port's `read` takes one): replace_in_file refuses a file over its cap with a
// 'too-large' error, read_file shows the head with a note, search_files skips the file. A port
// wrapper counts the bytes the tools asked for, so "not read whole" is measured, not assumed.
import { afterEach, describe, expect, it } from 'vitest';
import { appendFile, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createWorkspaceTools, type WorkspaceTool } from '../../app/tools/index.js';
import { createProcessGroupRunner, openWorkspace, type NodeWorkspace } from '../../app/tools/node/index.js';
import { memoryAdapter, nodeAdapter } from '../support/tool-adapters.js';
import { makeSandbox, noSignal, toolUse, unwrap } from '../support/tool-fixtures.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

const MB = 1024 * 1024;
const edit = '------- SEARCH\nline 1\n=======\nfirst line\n+++++++ REPLACE';

/** The tools over `workspace`, with the bytes every `read` returned added up. */
function countingTools(
  workspace: NodeWorkspace,
  options: Parameters<typeof createWorkspaceTools>[1] = {},
): { tools: Record<string, WorkspaceTool>; bytesRead: () => number } {
  let total = 0;
  const files: NodeWorkspace = {
    ...workspace,
    async read(target, maxBytes) {
      const bytes = await workspace.read(target, maxBytes);
      total += bytes.length;
      return bytes;
    },
  };
  return {
    tools: createWorkspaceTools({ files, commands: createProcessGroupRunner({ cwd: workspace.root }) }, options),
    bytesRead: () => total,
  };
}

describe('a 300 MB file (sparse: 300 KB of text, then a hole)', () => {
  async function setup() {
    const sandbox = await makeSandbox();
    cleanup = sandbox.cleanup;
    const file = path.join(sandbox.workspace, 'huge.txt');
    const text = Array.from({ length: 30_000 }, (_, i) => `line ${i + 1}`).join('\n');
    const handle = await open(file, 'w');
    await handle.write(text);
    await handle.truncate(300 * MB);
    await handle.close();
    return { ...sandbox, ...countingTools(await openWorkspace(sandbox.workspace)) };
  }

  it('replace_in_file refuses it with a too-large error and reads none of it', async () => {
    const { tools, bytesRead } = await setup();
    const result = unwrap(
      await tools.replace_in_file(toolUse('replace_in_file', { path: 'huge.txt', diff: edit }), noSignal()),
    );
    expect(result).toMatchObject({ isError: true, code: 'too-large' });
    expect(result.content).toBe(
      `Error (too-large): huge.txt is ${300 * MB} bytes, over the ${16 * MB}-byte limit of replace_in_file; it was not changed. Rewrite it with write_to_file or edit it with execute_command.`,
    );
    expect(bytesRead()).toBe(0);
  });

  it('read_file shows its first 256 KB with a note, reading no more', async () => {
    const { tools, bytesRead } = await setup();
    const result = unwrap(await tools.read_file(toolUse('read_file', { path: 'huge.txt' }), noSignal()));
    expect(result.isError).toBe(false);
    expect(result.content.startsWith('line 1\nline 2\n')).toBe(true);
    expect(result.content).toMatch(/\[read_file: showing the first 262144 of 314572800 bytes of huge\.txt\]$/);
    expect(bytesRead()).toBe(256 * 1024);
  });

  it('search_files skips it without reading it', async () => {
    const { tools, bytesRead } = await setup();
    const result = unwrap(
      await tools.search_files(toolUse('search_files', { path: '.', regex: 'line 1$' }), noSignal()),
    );
    expect(result.content).toBe('Found 0 results for /line 1$/.');
    expect(bytesRead()).toBe(0);
  });
});

describe('a file that grows past the cap between stat and read', () => {
  it('replace_in_file reads one byte past the cap, then refuses; the file is unchanged', async () => {
    const sandbox = await makeSandbox({ 'grows.txt': 'line 1\n' });
    cleanup = sandbox.cleanup;
    const file = path.join(sandbox.workspace, 'grows.txt');
    const workspace = await openWorkspace(sandbox.workspace);
    const growing: NodeWorkspace = {
      ...workspace,
      async stat(target) {
        const info = await workspace.stat(target);
        await appendFile(file, 'x'.repeat(5_000));
        return info;
      },
    };
    const { tools, bytesRead } = countingTools(growing, { replaceInFile: { maxFileBytes: 1_000 } });
    const result = unwrap(
      await tools.replace_in_file(toolUse('replace_in_file', { path: 'grows.txt', diff: edit }), noSignal()),
    );
    expect(result).toMatchObject({ isError: true, code: 'too-large' });
    expect(bytesRead()).toBe(1_001);
    expect(await readFile(file, 'utf8')).toBe(`line 1\n${'x'.repeat(5_000)}`);
  });
});

describe.each([nodeAdapter, memoryAdapter])('the replace_in_file cap over the $name adapter', (adapter) => {
  it('refuses a file over the cap and edits one at the cap', async () => {
    const opened = await adapter.open(
      { 'big.txt': `line 1\n${'x'.repeat(200)}`, 'ok.txt': `line 1\n${'x'.repeat(93)}` },
      { replaceInFile: { maxFileBytes: 100 } },
    );
    cleanup = opened.cleanup;
    const run = async (file: string) =>
      unwrap(await opened.tools.replace_in_file(toolUse('replace_in_file', { path: file, diff: edit }), noSignal()));
    expect(await run('big.txt')).toMatchObject({ isError: true, code: 'too-large' });
    expect(await run('ok.txt')).toEqual({ isError: false, content: 'Applied 1 edit to ok.txt.' });
  });
});
