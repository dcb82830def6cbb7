// A command started by the process-group runner dies with its host, however the host dies: a
// SIGKILLed host (no exit handler runs) takes the command and what it started in the background
// along, and what they would have done later never happens. The launcher keeps the command's
// own status (an exit code, a death by signal) and its time-out and abort as they were.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dieWithHost, findSetpriv } from '../../../../app/tools/node/sandbox/host-death-launcher.js';
import { createProcessGroupRunner } from '../../../../app/tools/node/sandbox/process-group-runner.js';
import { hostProcessesRunning, uniqueSleepSeconds } from '../../../support/host-processes.js';

const host = fileURLToPath(new URL('./fixtures/host-running-command.ts', import.meta.url));
let workspace: string;
beforeAll(async () => {
  workspace = await mkdtemp(path.join(tmpdir(), 'agent-turn-host-death-'));
});
afterAll(() => rm(workspace, { recursive: true, force: true }));

const exists = (file: string) =>
  stat(path.join(workspace, file)).then(
    () => true,
    () => false,
  );
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(file: string) {
  for (let i = 0; i < 300 && !(await exists(file)); i++) await pause(20);
}
const request = (command: string, timeoutMs = 10_000, signal = new AbortController().signal) => ({
  command,
  timeoutMs,
  maxOutputBytes: 10_000,
  signal,
});

describe('a command whose host is SIGKILLed', () => {
  it('dies at once, with what it left in the background', async () => {
    expect(findSetpriv()).not.toBeNull();
    const seconds = uniqueSleepSeconds();
    const command = [
      `sleep ${seconds} >/dev/null 2>&1 &`,
      `(sleep 1; touch late-background) >/dev/null 2>&1 &`,
      'touch started',
      `sleep 1; touch late-command`,
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', host, workspace, command], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await waitFor('started');
    expect(await exists('started')).toBe(true);
    expect(hostProcessesRunning(`sleep ${seconds}`)).toHaveLength(1);
    child.kill('SIGKILL');
    await exited;
    await pause(200);
    expect(hostProcessesRunning(`sleep ${seconds}`)).toEqual([]);
    await pause(1_300);
    expect(await exists('late-command')).toBe(false);
    expect(await exists('late-background')).toBe(false);
  }, 30_000);
});

describe('the launcher', () => {
  const runner = () => createProcessGroupRunner({ cwd: workspace });

  it('keeps the exit code and the output', async () => {
    expect(await runner().run(request('echo out; echo err >&2; exit 3'))).toEqual({
      kind: 'exited',
      code: 3,
      signal: null,
      output: 'out\nerr\n',
    });
  });

  it('keeps a death by signal', async () => {
    expect(await runner().run(request('kill -TERM $$'))).toMatchObject({
      kind: 'exited',
      code: null,
      signal: 'SIGTERM',
    });
  });

  it('keeps the time-out and the abort, and the group dies then too', async () => {
    const seconds = uniqueSleepSeconds();
    expect(await runner().run(request(`sleep ${seconds} & sleep ${seconds}`, 300))).toMatchObject({ kind: 'timeout' });
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 300);
    expect(await runner().run(request(`sleep ${seconds} & sleep ${seconds}`, 10_000, abort.signal))).toMatchObject({
      kind: 'aborted',
    });
    expect(hostProcessesRunning(`sleep ${seconds}`)).toEqual([]);
  });

  it('is left out where there is no setpriv: the command runs as it is', () => {
    const spec = { file: '/bin/sh', args: ['-c', 'true'], cwd: workspace, env: {} };
    expect(dieWithHost(spec, null)).toBe(spec);
    expect(dieWithHost(spec, '/usr/bin/setpriv')).toMatchObject({
      file: '/usr/bin/setpriv',
      args: expect.arrayContaining(['--pdeathsig', 'HUP', String(process.pid), '/bin/sh', '-c', 'true']),
    });
  });
});
