// Ctrl-C while a command runs: the CLI exits 130 at once (bench/ctrl-c.bench.ts prints how fast),
// and nothing the command started outlives it — sandboxed, or not (a command ignoring SIGTERM
// included: the CLI kills every command's process group as it exits).
import { afterAll, describe, expect, it } from 'vitest';
import { executeCommandCall, startHostileModel } from '../support/hostile-model-server.js';
import { startCliIn } from '../support/cli-in-folder.js';
import { API_KEY, makeSandboxedLayout } from '../support/sandbox-fixtures.js';
import { hostProcessesRunning, uniqueSleepSeconds } from '../support/host-processes.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

async function interruptWhileRunning(command: (background: string, foreground: string) => string, extraArgs: string[]) {
  const background = uniqueSleepSeconds();
  const foreground = uniqueSleepSeconds();
  const layout = await makeSandboxedLayout();
  const model = await startHostileModel([executeCommandCall(command(background, foreground))]);
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
  cli.interrupt();
  const exit = await cli.exited;
  return { exit, background, foreground };
}

describe('Ctrl-C while a command runs', () => {
  it('sandboxed: exits 130, and the command and what it left in the background are dead', async () => {
    const { exit, background, foreground } = await interruptWhileRunning(
      (bg, fg) => `setsid sleep ${bg} >/dev/null 2>&1 & sleep ${fg}`,
      [],
    );
    expect(exit.code, exit.stderr).toBe(130);
    expect(exit.interruptToExitMs).toBeDefined();
    await expect
      .poll(
        () => hostProcessesRunning(`sleep ${foreground}`).length + hostProcessesRunning(`sleep ${background}`).length,
        { timeout: 2_000 },
      )
      .toBe(0);
  });

  it('--no-sandbox, a command ignoring SIGTERM and SIGINT: exits 130, its group is killed on the way out', async () => {
    const { exit, background, foreground } = await interruptWhileRunning(
      (bg, fg) => `trap '' TERM INT HUP; sleep ${bg} >/dev/null 2>&1 & sleep ${fg}`,
      ['--no-sandbox'],
    );
    expect(exit.code, exit.stderr).toBe(130);
    await expect
      .poll(
        () => hostProcessesRunning(`sleep ${foreground}`).length + hostProcessesRunning(`sleep ${background}`).length,
        { timeout: 2_000 },
      )
      .toBe(0);
  });
});
