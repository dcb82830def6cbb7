// Checkpoints (issue 26, part 2): the cost per step on a 10,000-file repository (goal ≤ 100 ms),
// and the disk the checkpoints use over a 50-step session. A step is a command (the whole
// workspace is checked before and after it, as for execute_command) that changes a few files;
// the first step also records the whole tree once (the baseline every undo can go back to).
// On Linux the checkpoints hear which folders changed (folder watches) and look only there; the
// same steps without watching (every file looked at, as where the port cannot watch) are measured too.
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWorkspaceCheckpoints } from '../app/tools/checkpoints/index.js';
import { createDiskCheckpointStore, openWorkspace } from '../app/tools/node/index.js';

const FILES = 10_000;
const PER_FOLDER = 50;
const STEPS = 50;

function fileText(i: number): string {
  // About 2 KB of source-like text per file (a 20 MB tree).
  return `// file ${i}\n${'export const value = "some source code of a realistic line length";\n'.repeat(30)}`;
}

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(folder)) total += (await stat(path.join(folder, name))).size;
  return total;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

export async function run(): Promise<void> {
  const base = await mkdtemp(path.join(tmpdir(), 'bench-checkpoints-'));
  try {
    const root = path.join(base, 'repo');
    const store = path.join(base, 'store');
    for (let f = 0; f < FILES / PER_FOLDER; f++) {
      const folder = path.join(root, 'src', `module-${f}`);
      await mkdir(folder, { recursive: true });
      for (let i = 0; i < PER_FOLDER; i++)
        await writeFile(path.join(folder, `file-${i}.ts`), fileText(f * PER_FOLDER + i));
    }
    // Ignored output and dependencies that must cost nothing.
    await writeFile(path.join(root, '.gitignore'), 'dist/\n');
    await mkdir(path.join(root, 'dist'), { recursive: true });
    await mkdir(path.join(root, 'node_modules', 'dep'), { recursive: true });
    for (let i = 0; i < 2000; i++) {
      await writeFile(path.join(root, 'dist', `out-${i}.js`), fileText(i));
      await writeFile(path.join(root, 'node_modules', 'dep', `m-${i}.js`), fileText(i));
    }
    const files = await openWorkspace(root);
    const checkpoints = createWorkspaceCheckpoints({ files, store: createDiskCheckpointStore(store) });
    const times: number[] = [];
    let first = 0;
    for (let step = 0; step < STEPS; step++) {
      const started = performance.now();
      await checkpoints.before(`execute_command step ${step}`, 'workspace');
      const between = performance.now();
      // The "command": rewrites three files and creates one.
      for (let k = 0; k < 3; k++)
        await writeFile(
          path.join(root, 'src', `module-${(step * 7 + k) % 200}`, `file-${k}.ts`),
          `${fileText(step)}// step ${step}\n`,
        );
      await writeFile(path.join(root, 'src', `new-${step}.ts`), `export const step = ${step};\n`);
      const resumed = performance.now();
      await checkpoints.after();
      const ms = between - started + (performance.now() - resumed);
      if (step === 0) first = ms;
      else times.push(ms);
    }
    // The same command steps looking at every file (no folder watches).
    const unwatched = createWorkspaceCheckpoints({ files, store: createDiskCheckpointStore(store), watch: false });
    const everyFile: number[] = [];
    for (let step = 0; step < 11; step++) {
      const started = performance.now();
      await unwatched.before(`execute_command step ${step}`, 'workspace');
      const between = performance.now();
      await writeFile(path.join(root, 'src', 'module-3', 'file-1.ts'), `${fileText(step)}// again ${step}\n`);
      const resumed = performance.now();
      await unwatched.after();
      if (step > 0) everyFile.push(between - started + (performance.now() - resumed));
    }
    unwatched.close();
    await unwatched.undo(11);
    const targeted: number[] = [];
    for (let step = 0; step < 20; step++) {
      const started = performance.now();
      await checkpoints.before('write_to_file', { paths: ['src/module-1/file-9.ts'] });
      await writeFile(path.join(root, 'src/module-1/file-9.ts'), `// write ${step}\n`);
      await checkpoints.after();
      targeted.push(performance.now() - started);
    }
    const undoStart = performance.now();
    const report = await checkpoints.undo(STEPS + 20);
    const undoMs = performance.now() - undoStart;
    checkpoints.close();
    const disk = await folderBytes(store);
    console.log(
      `repository: ${FILES} files (~${Math.round((FILES * fileText(0).length) / 1e6)} MB), plus 2,000 .gitignore'd and 2,000 in node_modules (never read)`,
    );
    console.log(`first command step (records the whole tree once): ${first.toFixed(0)} ms`);
    console.log(
      `each later command step (check the workspace before and after, record what changed): median ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms (goal ≤ 100 ms)`,
    );
    console.log(
      `the same without folder watches (every file's stat, twice a step): median ${median(everyFile).toFixed(1)} ms, p95 ${p95(everyFile).toFixed(1)} ms`,
    );
    console.log(
      `each write_to_file step (its one file): median ${median(targeted).toFixed(2)} ms, p95 ${p95(targeted).toFixed(2)} ms`,
    );
    console.log(
      `disk after ${STEPS} command steps + 20 writes: ${(disk / 1e6).toFixed(1)} MB in the checkpoint folder (the tree once, ${(checkpoints.bytesRecorded() / 1e6).toFixed(1)} MB recorded in all)`,
    );
    console.log(
      `undo of all ${report.steps} steps: ${undoMs.toFixed(0)} ms; ${report.restored.length} files restored, ${report.removed.length} removed, ${report.skipped.length} left`,
    );
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}
