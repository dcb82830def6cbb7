// The CLI (--json --yes) asked by a hostile model to run one shell command, returned once that
// command's foreground `sleep` is running on the host: for tests that then interrupt or kill it.
// The command is built from two unique sleep durations, so the test can look for exactly its own
// processes (host-processes.ts) while other tests run.
import { expect } from 'vitest';
import { startCliIn } from './cli-in-folder.js';
import { hostProcessesRunning, uniqueSleepSeconds } from './host-processes.js';
import { executeCommandCall, startHostileModel } from './hostile-model-server.js';
import { API_KEY, makeSandboxedLayout } from './sandbox-fixtures.js';

/** Starts the CLI on `command(background, foreground)` and waits until the foreground sleep runs. */
export async function startCliRunningCommand(
  command: (background: string, foreground: string) => string,
  extraArgs: string[],
  cleanups: (() => Promise<void>)[],
) {
  const background = uniqueSleepSeconds();
  const foreground = uniqueSleepSeconds();
  const layout = await makeSandboxedLayout();
  const model = await startHostileModel([executeCommandCall(command(background, foreground))]);
  cleanups.push(layout.cleanup, model.close);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: layout.home, OPENAI_API_KEY: API_KEY };
  const args = ['--json', '--yes', ...extraArgs, '--base-url', model.url, '--model', 'hostile'];
  const cli = startCliIn(layout.cliFolder, [...args, '--workspace', layout.workspace, 'go'], env);
  await expect.poll(() => hostProcessesRunning(`sleep ${foreground}`).length, { timeout: 20_000 }).toBe(1);
  return { cli, background, foreground };
}

/** Waits (up to 2 s) until neither of the command's sleeps runs any more. */
export async function expectCommandProcessesGone(background: string, foreground: string): Promise<void> {
  await expect
    .poll(
      () => hostProcessesRunning(`sleep ${foreground}`).length + hostProcessesRunning(`sleep ${background}`).length,
      { timeout: 2_000 },
    )
    .toBe(0);
}
