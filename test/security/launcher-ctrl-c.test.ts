// A terminal's Ctrl-C reaches the launcher and the CLI under it alike (one process group; see
// app/cli/turn/key-handover.ts): the CLI counts the launcher's copy, which comes on a pipe, and
// ignores its own, however late it lands. Until this, the two copies were told apart by time (a
// second within 300 ms was the same key press), and under load the terminal's copy came later:
// the conversation's prompt took it for a second Ctrl-C and the CLI left.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hostProcessesWithEnvironment, parentOf } from '../support/host-processes.js';
import { tempFolder } from '../support/mcp-servers.js';
import { startCliInPty, type PtySession, untilOnScreen as until } from '../support/pty-session.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const prompts = (cli: PtySession) => cli.text().split('›').length - 1;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Ctrl-C under the key launcher', () => {
  it('counts each key press once, whichever copy lands late, and a SIGINT sent to the launcher alone', async () => {
    const folder = tempFolder({ 'README.md': '# project\n' });
    cleanups.push(folder.remove);
    const outside = tempFolder();
    cleanups.push(outside.remove);
    const sessionsDir = path.join(outside.dir, 'sessions');
    const cli = startCliInPty(['--model', 'scripted', '--pace', '40', '--yes', '--workspace', folder.dir], {
      conversation: true,
      env: { AGENT_TURN_SESSIONS_DIR: sessionsDir, OPENAI_API_KEY: 'sk-unused-by-scripted' },
    });
    cleanups.push(() => cli.kill());
    await until(() => prompts(cli) >= 1, 'the first prompt', cli);
    const [child] = hostProcessesWithEnvironment([`AGENT_TURN_SESSIONS_DIR=${sessionsDir}`, 'AGENT_TURN_SECRETS_FD=3']);
    expect(child, 'the CLI under its launcher').toBeDefined();
    const launcher = parentOf(child as number);

    cli.type('Read README.md and tell me about it in detail.\r');
    await until(() => /README/.test(cli.text().split('›').at(-1) ?? ''), 'the turn streaming', cli);
    cli.type('\x03');
    await cli.waitFor(/interrupted/i, 20_000);
    await until(() => prompts(cli) >= 2, 'the prompt after Ctrl-C', cli);
    // The terminal's own copies of that key press, landing late (the launcher's came first): no effect.
    process.kill(child as number, 'SIGINT');
    await pause(400);
    process.kill(child as number, 'SIGINT');
    await pause(400);
    expect(cli.text().split('›').at(-1)).not.toMatch(/interrupted/i);

    // The conversation goes on; a SIGINT sent to the launcher alone stops this turn, once.
    cli.type('Read README.md and tell me about it in detail.\r');
    await until(() => /README/.test(cli.text().split('›').at(-1) ?? ''), 'the second turn streaming', cli);
    process.kill(launcher, 'SIGINT');
    await until(() => prompts(cli) >= 3, 'the prompt after the launcher’s SIGINT', cli);
    expect(cli.text().split('›').at(-2)).toMatch(/interrupted/i);
    cli.type('/exit\r');
    expect(await cli.exited).toBe(0);
  }, 90_000);
});
