import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkspaceTools } from '../../../app/tools/index.js';
import { createMemoryWorkspace } from '../../../app/tools/memory/memory-workspace.js';
import { memoryWorkspaceFiles } from '../../../app/tools/memory/memory-files.js';
import { createNodeTools, openWorkspace } from '../../../app/tools/node/index.js';
import type { WorkspaceTool } from '../../../app/tools/index.js';

const FILES: Record<string, string> = {
  '.gitignore': 'dist/\n*.log\n!keep.log\n',
  'src/a.ts': 'const needle = 1;\n',
  'dist/a.js': 'const needle = 1;\n',
  'debug.log': 'needle\n',
  'keep.log': 'needle\n',
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const use = (name: string, params: Record<string, string>) =>
  ({ type: 'tool_use', name, params, partial: false }) as never;
const signal = new AbortController().signal;

async function both(): Promise<Array<[string, Record<string, WorkspaceTool>]>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gitignore-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const [name, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  const ws = createMemoryWorkspace(FILES);
  return [
    ['disk', createNodeTools({ workspace: await openWorkspace(dir) })],
    [
      'memory',
      createWorkspaceTools({
        files: memoryWorkspaceFiles(ws),
        commands: { run: async () => ({ kind: 'emulated', output: '' }) },
      }),
    ],
  ];
}

describe('list_files and search_files respect .gitignore', () => {
  it('on disk and in memory alike', async () => {
    for (const [where, tools] of await both()) {
      const listing = await tools.list_files(use('list_files', { path: '.', recursive: 'true' }), { signal });
      expect(listing, where).toBe('.gitignore\nkeep.log\nsrc/\nsrc/a.ts');
      const found = await tools.search_files(use('search_files', { path: '.', regex: 'needle' }), { signal });
      expect(String(found), where).toContain('src/a.ts');
      expect(String(found), where).toContain('keep.log');
      expect(String(found), where).not.toContain('dist/a.js');
      expect(String(found), where).not.toContain('debug.log');
    }
  });
});
