// Issue 32, Low 11: with --no-sandbox a command could print the API key from the CLI's
// /proc/<pid>/environ (a process's start-up environment, which it cannot erase). The CLI now runs
// itself again with the key handed over on a pipe (app/cli/turn/key-handover.ts): the running CLI's
// environ and cmdline hold no key, the key still reaches the model endpoint, the exit code and
// a Ctrl-C pass through the launcher, and killing the launcher takes the CLI with it.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCliIn } from '../support/cli-in-folder.js';
import { hostProcessesRunning, uniqueSleepSeconds } from '../support/host-processes.js';
import { COMPLETION, executeCommandCall, startHostileModel } from '../support/hostile-model-server.js';

const API_KEY = 'sk-handover-test-5b1e9d2c7a40';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** The command walks up from itself to the nearest CLI process and prints that one's environ and cmdline. */
const NEAREST_CLI = [
  'p=$$',
  'for i in 1 2 3 4 5 6 7 8; do',
  "  p=$(awk '/^PPid:/{print $2}' /proc/$p/status)",
  "  c=$(tr '\\0' ' ' < /proc/$p/cmdline)",
  '  case "$(readlink /proc/$p/exe)" in */node) echo "== CLI $p: $c"; tr \'\\0\' \'\\n\' < /proc/$p/environ; break;; esac',
  'done',
].join('\n');

async function run(command: string, replies: string[] = [COMPLETION]) {
  // No sandbox here (--no-sandbox): plain folders, so the test runs where bubblewrap is missing too.
  const base = await mkdtemp(path.join(tmpdir(), 'agent-turn-key-'));
  const layout = { home: path.join(base, 'home'), cliFolder: path.join(base, 'cli'), workspace: path.join(base, 'ws') };
  for (const dir of Object.values(layout)) await mkdir(dir);
  const model = await startHostileModel([executeCommandCall(command), ...replies]);
  cleanups.push(() => rm(base, { recursive: true, force: true }), model.close);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: layout.home, OPENAI_API_KEY: API_KEY };
  const args = ['--json', '--yes', '--no-sandbox', '--base-url', model.url, '--model', 'hostile'];
  const cli = startCliIn(layout.cliFolder, [...args, '--workspace', layout.workspace, 'go'], env);
  return { cli, model, layout };
}

/** The live Node processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (ppid === String(pid) && state !== 'Z' && readlinkSync(`/proc/${name}/exe`) === process.execPath)
        found.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('--no-sandbox: the API key is not in the running CLI’s environment', () => {
  it('a command reading the nearest CLI’s /proc environ finds no key; the key still reaches the endpoint', async () => {
    const { cli, model } = await run(NEAREST_CLI);
    const exit = await cli.exited;
    expect(exit.code, exit.stderr).toBe(0);
    const output = model.requests[1]?.body ?? '';
    expect(output).toContain('== CLI ');
    expect(output).not.toContain(API_KEY);
    expect(output).not.toContain('OPENAI_API_KEY');
    expect(model.requests.every((r) => r.authorization === `Bearer ${API_KEY}`)).toBe(true);
  }, 60_000);

  it('seen from outside: the CLI doing the work has no key in its environ or cmdline', async () => {
    const sleep = uniqueSleepSeconds();
    const { cli } = await run(`sleep ${sleep}`);
    cleanups.push(async () => void cli.exited);
    await expect.poll(() => hostProcessesRunning(`sleep ${sleep}`).length, { timeout: 20_000 }).toBe(1);
    const [worker] = childrenOf(cli.pid);
    expect(worker).toBeDefined();
    expect(readFileSync(`/proc/${worker}/environ`, 'latin1')).not.toContain(API_KEY);
    expect(readFileSync(`/proc/${worker}/cmdline`, 'latin1')).not.toContain(API_KEY);
    // The launcher read the key, then erased it from its own start-up environment (startup-environ.ts).
    const launcher = readFileSync(`/proc/${cli.pid}/environ`, 'latin1');
    expect(launcher).toContain('PATH=');
    expect(launcher).not.toContain(API_KEY);
    expect(launcher).not.toContain('OPENAI_API_KEY=');
    // Ctrl-C sent to the launcher alone reaches the CLI: 130, as without a launcher.
    cli.interrupt();
    const exit = await cli.exited;
    expect(exit.code, exit.stderr).toBe(130);
    await expect.poll(() => hostProcessesRunning(`sleep ${sleep}`).length, { timeout: 5_000 }).toBe(0);
  }, 60_000);

  it('a command walking up through every parent, the launcher included, finds no key in any environ', async () => {
    const walk = `p=$PPID; while [ "$p" -gt 1 ]; do echo "== $p"; tr '\\0' '\\n' < /proc/$p/environ; p=$(awk '/^PPid:/ {print $2}' /proc/$p/status); done; echo WALKED`;
    const { cli, model } = await run(walk);
    const exit = await cli.exited;
    expect(exit.code, exit.stderr).toBe(0);
    const output = model.requests[1]?.body ?? '';
    expect(output).toContain('WALKED');
    expect(output).toContain(`== ${cli.pid}`);
    expect(output).not.toContain(API_KEY);
    expect(exit.stderr).toContain("the API key is in no CLI process's environment");
  }, 60_000);

  it('kill -9 of the launcher takes the CLI and its command with it', async () => {
    const sleep = uniqueSleepSeconds();
    const { cli } = await run(`sleep ${sleep}`);
    await expect.poll(() => hostProcessesRunning(`sleep ${sleep}`).length, { timeout: 20_000 }).toBe(1);
    const [worker] = childrenOf(cli.pid);
    process.kill(cli.pid, 'SIGKILL');
    await cli.exited;
    await expect.poll(() => hostProcessesRunning(`sleep ${sleep}`).length, { timeout: 5_000 }).toBe(0);
    expect(worker).toBeDefined();
    await expect.poll(() => alive(worker as number), { timeout: 5_000 }).toBe(false);
  }, 60_000);

  it('the exit code passes through (a bad flag: 2, with its message)', async () => {
    const cli = startCliIn(tmpdir(), ['--no-such-flag', 'go'], {
      PATH: process.env.PATH ?? '',
      OPENAI_API_KEY: API_KEY,
    });
    const exit = await cli.exited;
    expect(exit.code).toBe(2);
    expect(exit.stderr).toMatch(/agent-turn: .*--no-such-flag/);
  }, 60_000);
});
