// The two workspace adapters behind one face, so one suite (tools-shared.test.ts) runs the same
// tool behaviour on disk and in memory and the two cannot drift apart.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { WorkspaceTool, WorkspaceToolsOptions } from '../../app/tools/index.js';
import { createNodeTools, openWorkspace } from '../../app/tools/node/index.js';
import { createMemoryTools, createMemoryWorkspace } from '../../app/tools/memory/index.js';
import { makeSandbox } from './tool-fixtures.js';

export interface AdapterUnderTest {
  tools: Record<string, WorkspaceTool>;
  /** Every file (not folder) with its content, by workspace path. */
  files(): Promise<Record<string, string>>;
  cleanup(): Promise<void>;
}

export type ToolOptions = Omit<WorkspaceToolsOptions, 'question'>;

export interface Adapter {
  name: string;
  open(files: Record<string, string>, options?: ToolOptions): Promise<AdapterUnderTest>;
}

export const nodeAdapter: Adapter = {
  name: 'node',
  async open(files, options = {}) {
    const sandbox = await makeSandbox(files);
    const tools = createNodeTools({ workspace: await openWorkspace(sandbox.workspace), ...options });
    return { tools, files: () => filesBelow(sandbox.workspace), cleanup: sandbox.cleanup };
  },
};

export const memoryAdapter: Adapter = {
  name: 'memory',
  async open(files, options = {}) {
    const ws = createMemoryWorkspace(files);
    const tools = createMemoryTools(ws, options);
    return {
      tools,
      files: async () => Object.fromEntries(ws.files().map((f) => [f, ws.read(f) ?? ''])),
      cleanup: async () => {},
    };
  },
};

async function filesBelow(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    out[path.relative(dir, full).split(path.sep).join('/')] = await readFile(full, 'utf8');
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}
