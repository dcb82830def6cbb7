// Ctrl-C while a tool runs (issue 9, point 4): milliseconds from SIGINT to the CLI's exit, the
// real CLI against a local model that asks for the tool, run after run; and whether anything the
// command started is left on the machine afterwards.
import { link, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCliIn } from '../test/support/cli-in-folder.js';
import { executeCommandCall, startHostileModel } from '../test/support/hostile-model-server.js';
import { hostProcessesRunning, uniqueSleepSeconds } from '../test/support/host-processes.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const RUNS = 5;

interface Scenario {
  name: string;
  /** The model's reply (a tool call); `marker` is a unique sleep duration the command may use. */
  reply: (marker: string, workspace: string) => string;
  args: string[];
  /** Fills the workspace before the runs. */
  prepare?: (workspace: string) => Promise<void>;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'sandboxed `sleep 300` (+ a setsid sleep)',
    reply: (m) => executeCommandCall(`setsid sleep ${m} >/dev/null 2>&1 & sleep 300`),
    args: ['--yes'],
  },
  {
    name: 'sandboxed busy loop ignoring TERM/INT/HUP',
    reply: () => executeCommandCall(`trap '' TERM INT HUP; while :; do :; done`),
    args: ['--yes'],
  },
  {
    name: '--no-sandbox `sleep` ignoring TERM/INT',
    reply: (m) => executeCommandCall(`trap '' TERM INT HUP; sleep ${m}`),
    args: ['--yes', '--no-sandbox'],
  },
  {
    // Lines of a's ending in '!': no match, so the whole tree is searched (about 15 s); one file, hard-linked.
    name: 'search_files `(a+)+$` over 2,000 files × 1 MB of a’s',
    reply: () => '<search_files>\n<path>.</path>\n<regex>(a+)+$</regex>\n</search_files>',
    args: ['--read-only'],
    async prepare(workspace) {
      const first = path.join(workspace, 'f0.txt');
      await writeFile(first, `${'a'.repeat(1023)}!\n`.repeat(1000));
      for (let i = 1; i < 2000; i++) await link(first, path.join(workspace, `f${i}.txt`));
    },
  },
];

/** Waits until the NDJSON says the tool is running (and a little more), so the Ctrl-C lands mid-tool. */
async function untilToolRuns(stdout: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!/"kind":"tool"[^\n]*"status":"running"/.test(stdout())) {
    if (Date.now() > deadline) throw new Error(`the tool never ran:\n${stdout().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 300));
}

export async function run(): Promise<void> {
  const base = await mkdtemp(path.join(ROOT, '.security-tmp-bench-'));
  try {
    console.log(`| tool running at Ctrl-C | SIGINT → exit, ms (median / max of ${RUNS}) | exit codes | left running |`);
    console.log('|---|---|---|---|');
    for (const [index, scenario] of SCENARIOS.entries()) {
      const workspace = path.join(base, `ws${index}`);
      const cliFolder = path.join(base, `cli${index}`);
      await mkdir(workspace, { recursive: true });
      await mkdir(cliFolder, { recursive: true });
      await scenario.prepare?.(workspace);
      const times: number[] = [];
      const codes = new Set<number | null>();
      let left = 0;
      for (let i = 0; i < RUNS; i++) {
        const marker = uniqueSleepSeconds();
        const model = await startHostileModel([scenario.reply(marker, workspace)]);
        const cli = startCliIn(
          cliFolder,
          ['--json', ...scenario.args, '--base-url', model.url, '--model', 'hostile', '--workspace', workspace, 'go'],
          { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cliFolder, OPENAI_API_KEY: 'sk-bench' },
        );
        await untilToolRuns(cli.stdout);
        cli.interrupt();
        const exit = await cli.exited;
        times.push(exit.interruptToExitMs ?? NaN);
        codes.add(exit.code);
        await new Promise((r) => setTimeout(r, 200));
        left += hostProcessesRunning(`sleep ${marker}`).length;
        await model.close();
      }
      times.sort((a, b) => a - b);
      console.log(
        `| ${scenario.name} | ${times[Math.floor(RUNS / 2)].toFixed(0)} / ${times[RUNS - 1].toFixed(0)} | ${[...codes].join(', ')} | ${left} |`,
      );
    }
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}
