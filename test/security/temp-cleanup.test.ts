// No `.tmp` is left when the process exits in the middle of a write (Ctrl-C exits 130 through
// process.exit while a large write_to_file runs): temp files still being written are removed on
// exit (app/tools/node/temp-file-registry.ts). A child process starts a 200 MB write and exits
// as soon as its temp file shows up.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { makeSandbox } from '../support/tool-fixtures.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

const nodeTools = fileURLToPath(new URL('../../app/tools/node/index.ts', import.meta.url));

function childSource(workspace: string): string {
  return `
    import { readdirSync } from 'node:fs';
    const { createNodeTools, openWorkspace } = await import(${JSON.stringify(nodeTools)});
    const ws = ${JSON.stringify(workspace)};
    const tools = createNodeTools({ workspace: await openWorkspace(ws) });
    const poll = setInterval(() => {
      if (readdirSync(ws + '/dir').some((f) => f.endsWith('.tmp'))) { console.log('temp seen'); process.exit(130); }
    }, 1);
    const content = 'x'.repeat(200 * 1024 * 1024);
    await tools.write_to_file({ type: 'tool_use', name: 'write_to_file', params: { path: 'dir/big.txt', content }, partial: false, call_id: 'w' }, { signal: new AbortController().signal });
    clearInterval(poll);
    console.log('write finished first');`;
}

describe('exit in the middle of a write', () => {
  it('removes the temp file on exit: nothing is left but the folder', async () => {
    const sandbox = await makeSandbox({ 'dir/keep.txt': 'keep\n' });
    cleanup = sandbox.cleanup;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', childSource(sandbox.workspace)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect({ code, out: out.trim() }).toEqual({ code: 130, out: 'temp seen' });
    expect(await readdir(`${sandbox.workspace}/dir`)).toEqual(['keep.txt']);
  }, 60_000);
});
