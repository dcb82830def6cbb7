// The flipping-link attack of issue 9: while the tools run, a child process keeps changing what
// a name in the workspace leads to, between a folder inside and one outside. Two ways:
//  - 'flip': `flip` is a symbolic link, re-pointed (atomically) from `inside` to the outside
//    folder and back;
//  - 'swap': `d` is a real folder, swapped out for a link to the outside folder and back (what
//    a path resolved a moment ago as `d/...` or `d/sub/...` leads to changes under it).
// Every tool call aims at the moving name; afterwards the outside folder is compared with what
// it held and every result is checked for outside content.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WorkspaceTool } from '../../app/tools/index.js';

export type RaceMode = 'flip' | 'swap';

export interface RaceFigures {
  mode: RaceMode;
  attempts: number;
  /** Tool calls that succeeded (the moving name led inside at that moment). */
  succeeded: number;
  /** Tool calls refused or failed (the name led outside, or was mid-change). */
  failed: number;
  /** Results that showed outside content (a file's text, a name only the outside folder has). */
  outsideReads: number;
  /** Writes and edits that landed in the outside folder. */
  outsideWrites: number;
  /** `.tmp` files left anywhere under the sandbox. */
  tempFilesLeft: string[];
  /** How many times the child changed the name meanwhile. */
  flips: number;
}

const OUTSIDE_TEXT = 'outside secret';
const OUTSIDE_ONLY = 'outside-only.txt';

/** The child's loop: re-points or swaps the name as fast as it can, counting, until killed. */
function flipperSource(mode: RaceMode, workspace: string, outside: string): string {
  const ws = JSON.stringify(workspace);
  const out = JSON.stringify(outside);
  const body =
    mode === 'flip'
      ? `const targets = ['inside', ${out}]; const tmp = join(${ws}, '.flip-next');
         for (let i = 0; ; i++) { try { symlinkSync(targets[i % 2], tmp); renameSync(tmp, join(${ws}, 'flip')); } catch {} count(); }`
      : `const d = join(${ws}, 'd'), parked = join(${ws}, 'd-parked'), link = join(${ws}, 'd-link');
         for (;;) { try { renameSync(d, parked); renameSync(link, d); } catch {} count(); pause(); try { renameSync(d, link); renameSync(parked, d); } catch {} count(); pause(); }`;
  return `const { symlinkSync, renameSync } = require('node:fs'); const { join } = require('node:path');
    let n = 0; const count = () => { if (++n % 1000 === 0) process.stdout.write('.'); };
    const cell = new Int32Array(new SharedArrayBuffer(4)); const pause = () => Atomics.wait(cell, 0, 0, 0.05);
    process.stdout.write('ready\\n'); ${body}`;
}

async function startFlipper(
  mode: RaceMode,
  workspace: string,
  outside: string,
): Promise<{ child: ChildProcess; flips: () => number }> {
  const child = spawn(process.execPath, ['-e', flipperSource(mode, workspace, outside)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let dots = 0;
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      if (chunk.includes('ready')) resolve();
      dots += chunk.replace(/[^.]/g, '').length;
    });
  });
  return { child, flips: () => dots * 1000 };
}

/** A sandbox with `workspace/` and `outside/`, laid out for the mode. */
async function layOut(mode: RaceMode) {
  const base = await mkdtemp(path.join(tmpdir(), 'agent-turn-race-'));
  const workspace = path.join(base, 'workspace');
  const outside = path.join(base, 'outside');
  const inside = path.join(workspace, mode === 'flip' ? 'inside' : 'd');
  for (const dir of [path.join(inside, 'sub'), path.join(outside, 'sub')]) await mkdir(dir, { recursive: true });
  for (const dir of [inside, path.join(inside, 'sub')])
    await writeFile(path.join(dir, 'secret.txt'), 'inside secret\n');
  for (const dir of [outside, path.join(outside, 'sub')]) {
    await writeFile(path.join(dir, 'secret.txt'), `${OUTSIDE_TEXT}\n`);
    await writeFile(path.join(dir, OUTSIDE_ONLY), `${OUTSIDE_TEXT}\n`);
  }
  if (mode === 'flip') await symlink('inside', path.join(workspace, 'flip'));
  else await symlink(outside, path.join(workspace, 'd-link'));
  return { base, workspace, outside };
}

/** The tool calls of attempt `i`, all aimed through the moving name. */
function attempt(i: number, moving: string): [string, Record<string, string>] {
  const dir = i % 2 === 0 ? moving : `${moving}/sub`;
  switch (i % 5) {
    case 0:
      return ['read_file', { path: `${dir}/secret.txt` }];
    case 1:
      return ['write_to_file', { path: `${dir}/w-${i}.txt`, content: `written ${i}\n` }];
    case 2:
      return [
        'replace_in_file',
        { path: `${dir}/secret.txt`, diff: `------- SEARCH\nsecret\n=======\nsecret e${i}\n+++++++ REPLACE` },
      ];
    case 3:
      return ['list_files', { path: dir }];
    default:
      return ['search_files', { path: dir, regex: 'secret' }];
  }
}

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.map((e) => path.join(e.parentPath ?? e.path, e.name));
}

/**
 * Runs `attempts` tool calls through the moving name while the child flips it, with the tools
 * `makeTools` builds over the workspace folder; returns what reached outside.
 */
export async function runSymlinkRace(
  mode: RaceMode,
  attempts: number,
  makeTools: (workspace: string) => Promise<Record<string, WorkspaceTool>>,
): Promise<RaceFigures> {
  const { base, workspace, outside } = await layOut(mode);
  const tools = await makeTools(workspace);
  const flipper = await startFlipper(mode, workspace, outside);
  const figures: RaceFigures = {
    mode,
    attempts,
    succeeded: 0,
    failed: 0,
    outsideReads: 0,
    outsideWrites: 0,
    tempFilesLeft: [],
    flips: 0,
  };
  try {
    const signal = new AbortController().signal;
    for (let i = 0; i < attempts; i++) {
      const [name, params] = attempt(i, mode === 'flip' ? 'flip' : 'd');
      const result = await tools[name](
        { type: 'tool_use', name, params, partial: false, call_id: `race-${i}` },
        { signal },
      );
      const content = typeof result === 'string' ? result : result.content;
      const isError = typeof result !== 'string' && result.isError === true;
      if (isError) figures.failed++;
      else figures.succeeded++;
      if (content.includes(OUTSIDE_TEXT) || content.includes(OUTSIDE_ONLY)) figures.outsideReads++;
    }
  } finally {
    flipper.child.kill('SIGKILL');
    await new Promise((resolve) =>
      flipper.child.exitCode !== null ? resolve(null) : flipper.child.once('exit', resolve),
    );
    figures.flips = flipper.flips();
  }
  for (const file of await filesBelow(outside)) {
    const name = path.basename(file);
    if (/^w-\d+\.txt$/.test(name)) figures.outsideWrites++;
    if (name === 'secret.txt') figures.outsideWrites += ((await readFile(file, 'utf8')).match(/ e\d+/g) ?? []).length;
  }
  figures.tempFilesLeft = (await filesBelow(base)).filter((f) => f.endsWith('.tmp')).map((f) => path.relative(base, f));
  await rm(base, { recursive: true, force: true });
  return figures;
}
