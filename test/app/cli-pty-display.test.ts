// What the CLI draws in a real pseudo-terminal: a command's output live while it runs and capped
// after; words wrapped to the width and re-fitted on resize; tokens and cost.
import { afterAll, describe, expect, it } from 'vitest';
import { startFixedReplyModel, xmlToolUse, type FixedReply } from './fixed-reply-model.js';
import { startCliInPty, stripTerminal } from './pty-session.js';
import { makeSandbox } from './tool-fixtures.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

async function run(replies: (FixedReply | string)[], args: string[] = [], options: { columns?: number; rows?: number } = {}) {
  const sandbox = await makeSandbox({ 'README.md': 'hi\n' });
  const model = await startFixedReplyModel(replies);
  cleanups.push(sandbox.cleanup, model.close);
  const cli = startCliInPty(['--base-url', model.url, '--model', 'fixed', '--workspace', sandbox.workspace, ...args, 'do it'], options);
  cleanups.push(async () => cli.kill());
  return cli;
}

describe.concurrent('the CLI in a terminal', () => {
  it('shows a command\'s output live while it runs, then its output after it ends', async () => {
    const cli = await run([xmlToolUse('execute_command', { command: 'for i in 1 2 3 4 5 6 7 8; do echo "tick $i"; sleep 0.25; done' })], ['--yes']);
    await cli.waitFor('tick 2');
    // Seen while the command still runs: the result has not been printed yet.
    expect(cli.text()).not.toContain('Command exited');
    expect(cli.text()).toMatch(/running\n\s+tick 1\n\s+tick 2/);
    expect(await cli.exited).toBe(0);
    const after = cli.text().slice(cli.text().lastIndexOf('⎿ Command exited with code 0.'));
    expect(after).toMatch(/^⎿ Command exited with code 0\.\n {4}tick 1\n {4}tick 2\n[\s\S]* {4}tick 8\n/);
  });
});
