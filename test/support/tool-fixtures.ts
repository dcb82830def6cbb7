import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ToolUse } from '../../src/parser/blocks.js';
import type { ToolResult } from '../../app/tools/index.js';

/** A complete tool use as the machine would hand it over. */
export function toolUse(name: string, params: Record<string, string>): ToolUse {
  return { type: 'tool_use', name, params, partial: false, call_id: `test-${name}` };
}

export const noSignal = () => ({ signal: new AbortController().signal });

/** The result's text and error flag, whatever shape the tool returned. */
export function unwrap(result: ToolResult): { content: string; isError: boolean; code?: string } {
  return typeof result === 'string'
    ? { content: result, isError: false }
    : { content: result.content, isError: result.isError === true, code: result.code };
}

/** A temp folder holding a `workspace/` and an `outside/` sibling, removed by `cleanup`. */
export async function makeSandbox(files: Record<string, string> = {}) {
  const base = await mkdtemp(path.join(tmpdir(), 'agent-turn-tools-'));
  const workspace = path.join(base, 'workspace');
  const outside = path.join(base, 'outside');
  await mkdir(workspace);
  await mkdir(outside);
  await writeFile(path.join(outside, 'secret.txt'), 'outside secret\n');
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(workspace, rel)), { recursive: true });
    await writeFile(path.join(workspace, rel), content);
  }
  return { base, workspace, outside, cleanup: () => rm(base, { recursive: true, force: true }) };
}

/** Every file below `dir` with its content: to prove nothing changed. */
export async function snapshotTree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    out[path.relative(dir, full)] = entry.isFile()
      ? await readFile(full, 'utf8')
      : entry.isSymbolicLink()
        ? '<link>'
        : '<dir>';
  }
  return out;
}
