// kill -9 of the CLI while a command runs (no exit handler runs): nothing the command started
// outlives it — sandboxed (bubblewrap's --die-with-parent and its PID namespace), or not (the
// process-group runner's setpriv launcher kills the group when the CLI is gone), a command
// ignoring SIGTERM, SIGINT and SIGHUP included.
import { afterAll, describe, expect, it } from 'vitest';
import { executeCommandCall, startHostileModel } from '../support/hostile-model-server.js';
import { startCliIn } from '../support/cli-in-folder.js';
import { API_KEY, makeSandboxedLayout } from '../support/sandbox-fixtures.js';
import { hostProcessesRunning, uniqueSleepSeconds } from '../support/host-processes.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

async function killWhileRunning(extraArgs: string[]) {
  const background = uniqueSleepSeconds();
  const foreground = uniqueSleepSeconds();
  const layout = await makeSandboxedLayout();
  const model = await startHostileModel([
    executeCommandCall(`trap '' TERM INT HUP; sleep ${background} >/dev/null 2>&1 & sleep ${foreground}`),
  ]);
  cleanups.push(layout.cleanup, model.close);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: layout.home, OPENAI_API_KEY: API_KEY };
  const cli = startCliIn(
    layout.cliFolder,
    [
      '--json',
      '--yes',
      ...extraArgs,
      '--base-url',
      model.url,
      '--model',
      'hostile',
      '--workspace',
      layout.workspace,
      'go',
    ],
    env,
  );
  await expect.poll(() => hostProcessesRunning(`sleep ${foreground}`).length, { timeout: 20_000 }).toBe(1);
  expect(hostProcessesRunning(`sleep ${background}`)).toHaveLength(1);
  process.kill(cli.pid, 'SIGKILL');
  const exit = await cli.exited;
  expect(exit.signal).toBe('SIGKILL');
  await expect
    .poll(
      () => hostProcessesRunning(`sleep ${foreground}`).length + hostProcessesRunning(`sleep ${background}`).length,
      { timeout: 2_000 },
    )
    .toBe(0);
}

describe('kill -9 of the CLI while a command runs', () => {
  it('sandboxed: the command and what it left in the background die with it', async () => {
    await killWhileRunning([]);
  });

  it('--no-sandbox: the command and what it left in the background die with it', async () => {
    await killWhileRunning(['--no-sandbox']);
  });
});
