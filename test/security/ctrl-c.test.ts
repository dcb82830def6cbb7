// Ctrl-C while a command runs: the CLI exits 130 at once (bench/ctrl-c.bench.ts prints how fast),
// and nothing the command started outlives it — sandboxed, or not (a command ignoring SIGTERM
// included: the CLI kills every command's process group as it exits).
import { afterAll, describe, expect, it } from 'vitest';
import { expectCommandProcessesGone, startCliRunningCommand } from '../support/cli-running-command.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

async function interruptWhileRunning(command: (background: string, foreground: string) => string, extraArgs: string[]) {
  const { cli, background, foreground } = await startCliRunningCommand(command, extraArgs, cleanups);
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
    await expectCommandProcessesGone(background, foreground);
  });

  it('--no-sandbox, a command ignoring SIGTERM and SIGINT: exits 130, its group is killed on the way out', async () => {
    const { exit, background, foreground } = await interruptWhileRunning(
      (bg, fg) => `trap '' TERM INT HUP; sleep ${bg} >/dev/null 2>&1 & sleep ${fg}`,
      ['--no-sandbox'],
    );
    expect(exit.code, exit.stderr).toBe(130);
    await expectCommandProcessesGone(background, foreground);
  });
});
