// The resume picker (issue 38 item 5) in a real terminal: after two conversations, `--resume`
// with no file numbers them newest first, and the number typed resumes that one (its history
// comes back: Up shows its message); q leaves; without a terminal the list is printed as before.
// The choice reader is checked on its own too.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { readSessionChoice } from '../../../../app/cli/conversation/session-picker.js';
import { runCliProcess } from '../../../support/cli-process.js';
import { startCliInPty, type PtySession } from '../../../support/pty-session.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const UP = '\x1b[A';

function start(args: string[], sessions: string): PtySession {
  const cli = startCliInPty(['--model', 'scripted', '--pace', '0', ...args], {
    conversation: true,
    env: { AGENT_TURN_SESSIONS_DIR: sessions, XDG_STATE_HOME: `${sessions}/.state`, npm_lifecycle_event: undefined },
  });
  cleanups.push(() => cli.kill());
  return cli;
}

async function conversation(workspace: string, sessions: string, message: string): Promise<void> {
  const cli = start(['--workspace', workspace], sessions);
  await cli.waitFor('›', 60_000);
  cli.type(`${message}\r`);
  await cli.waitFor('✓ completed', 60_000);
  cli.type('/exit\r');
  expect(await cli.exited).toBe(0);
}

describe('readSessionChoice', () => {
  it('a number from 1 to the count picks that one; Enter the newest; q or the end of input leaves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: -5, max: 30 }), (count, n) => {
        const choice = readSessionChoice(` ${n} `, count);
        if (n >= 1 && n <= count) expect(choice).toEqual({ pick: n - 1 });
        else expect(choice).toHaveProperty('leave', expect.stringMatching(/pick 1 to|not a number/));
      }),
    );
    expect(readSessionChoice('', 3)).toEqual({ pick: 0 });
    expect(readSessionChoice('q', 3)).toEqual({ leave: '' });
    expect(readSessionChoice(undefined, 3)).toEqual({ leave: '' });
    expect(readSessionChoice('two', 3)).toEqual({ leave: '"two" is not a number from 1 to 3.' });
  });
});

describe('--resume with no file', () => {
  it('at a terminal: numbered, newest first; the number typed resumes that conversation', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'agent-turn-picker-'));
    cleanups.push(() => rm(base, { recursive: true, force: true }));
    const workspace = path.join(base, 'workspace');
    await mkdir(workspace);
    await writeFile(path.join(workspace, 'README.md'), '# Demo project\n');
    const sessions = path.join(base, 'sessions');
    await conversation(workspace, sessions, 'Summarize README.md first');
    await new Promise((r) => setTimeout(r, 50));
    await conversation(workspace, sessions, 'List the files second');

    const picker = start(['--resume', '--workspace', workspace], sessions);
    await picker.waitFor('Resume which?', 30_000);
    const menu = picker.text();
    expect(menu.indexOf(' 1. ')).toBeLessThan(menu.indexOf(' 2. '));
    expect(menu).toMatch(/ 1\. .*"List the files second"/);
    expect(menu).toMatch(/ 2\. .*"Summarize README\.md first"/);
    picker.type('2\r');
    await picker.waitFor('Resumed', 60_000);
    picker.type(UP);
    await picker.waitFor('› Summarize README.md first', 10_000);
    picker.type('\x03');
    picker.type('\x04');
    expect(await picker.exited).toBe(0);

    const leaving = start(['--resume'], sessions);
    await leaving.waitFor('Resume which?', 30_000);
    leaving.type('q\r');
    expect(await leaving.exited).toBe(0);

    const piped = await runCliProcess(['--resume'], { env: { AGENT_TURN_SESSIONS_DIR: sessions } });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toContain('--resume ');
    expect(piped.stdout).not.toContain('Resume which?');
  }, 240_000);
});
