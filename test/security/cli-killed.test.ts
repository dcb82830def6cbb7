// kill -9 of the CLI while a command runs (no exit handler runs): nothing the command started
// outlives it — sandboxed (bubblewrap's --die-with-parent and its PID namespace), or not (the
// process-group runner's setpriv launcher kills the group when the CLI is gone), a command
// ignoring SIGTERM, SIGINT and SIGHUP included.
import { afterAll, describe, expect, it } from 'vitest';
import { expectCommandProcessesGone, startCliRunningCommand } from '../support/cli-running-command.js';
import { hostProcessesRunning } from '../support/host-processes.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

async function killWhileRunning(extraArgs: string[]) {
  const { cli, background, foreground } = await startCliRunningCommand(
    (bg, fg) => `trap '' TERM INT HUP; sleep ${bg} >/dev/null 2>&1 & sleep ${fg}`,
    extraArgs,
    cleanups,
  );
  // The background sleep was forked first, but its exec can come after the foreground one's.
  await expect.poll(() => hostProcessesRunning(`sleep ${background}`).length, { timeout: 5_000 }).toBe(1);
  process.kill(cli.pid, 'SIGKILL');
  const exit = await cli.exited;
  expect(exit.signal).toBe('SIGKILL');
  await expectCommandProcessesGone(background, foreground);
}

describe('kill -9 of the CLI while a command runs', () => {
  it('sandboxed: the command and what it left in the background die with it', async () => {
    await killWhileRunning([]);
  });

  it('--no-sandbox: the command and what it left in the background die with it', async () => {
    await killWhileRunning(['--no-sandbox']);
  });
});
