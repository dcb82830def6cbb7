// search_files with the pathological regex (a+)+$ (issue 9, attack 1): how long the whole tool
// takes on disk and in memory with RE2 (re2js), on a line of 40 a's and on a 1 MB line, beside
// what V8's backtracking RegExp needs for the same pattern on 20–26 a's (it doubles per 'a').
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createNodeTools, openWorkspace } from '../app/tools/node/index.js';
import { createMemoryTools, createMemoryWorkspace } from '../app/tools/memory/index.js';
import type { WorkspaceTool } from '../app/tools/index.js';

const REGEX = '(a+)+$';

async function timeSearch(tool: WorkspaceTool, rounds = 5): Promise<{ ms: number; head: string }> {
  let best = Infinity;
  let head = '';
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    const result = await tool(
      { type: 'tool_use', name: 'search_files', params: { path: '.', regex: REGEX }, partial: false, call_id: 'b' },
      { signal: new AbortController().signal },
    );
    best = Math.min(best, performance.now() - start);
    head = (typeof result === 'string' ? result : result.content).split('\n')[0];
  }
  return { ms: best, head };
}

export async function run(): Promise<void> {
  const files: Record<string, string> = {
    'forty.txt': `${'a'.repeat(40)}!\n`,
    'mega.txt': `${'a'.repeat(1_000_000)}!\n`,
  };
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-redos-'));
  try {
    for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, name), content);
    const onDisk = createNodeTools({ workspace: await openWorkspace(dir) }).search_files;
    const inMemory = createMemoryTools(createMemoryWorkspace(files)).search_files;
    const disk = await timeSearch(onDisk);
    const memory = await timeSearch(inMemory);
    console.log(
      `search_files /${REGEX}/ over a 40-a line and a 1 MB line: disk ${disk.ms.toFixed(1)} ms, memory ${memory.ms.toFixed(1)} ms (${disk.head})`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const backtracking = new RegExp(REGEX);
  const times: string[] = [];
  let last = 0;
  for (const n of [20, 22, 24, 26]) {
    const start = performance.now();
    backtracking.test(`${'a'.repeat(n)}!`);
    last = performance.now() - start;
    times.push(`${n}: ${last.toFixed(0)} ms`);
  }
  const hours = (last * 2 ** (40 - 26)) / 3_600_000;
  console.log(`V8 RegExp, same pattern: ${times.join(', ')} -> about ${hours.toFixed(1)} h for 40 a's`);
}
