// Plan mode and the modes' cycle in a real terminal (a PTY, read back through an xterm.js
// emulator): Shift+Tab goes default → auto-accept edits → plan; in plan mode a write is refused
// (the model told it is planning) and nothing is written; once the person approves the plan the
// write runs. /plan toggles; Up brings back an earlier message.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCliInPty, type PtySession } from '../../../support/pty-session.js';
import { replayedScreen } from '../../../support/xterm-screen.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const SHIFT_TAB = '\x1b[Z';
const UP = '\x1b[A';

async function setUp() {
  const base = await mkdtemp(path.join(tmpdir(), 'agent-turn-plan-'));
  cleanups.push(() => rm(base, { recursive: true, force: true }));
  const workspace = path.join(base, 'workspace');
  await mkdir(workspace);
  await writeFile(path.join(workspace, 'README.md'), '# Demo project\n');
  const sessions = path.join(base, 'sessions');
  return { workspace, sessions };
}

function start(args: string[], sessions: string): PtySession {
  const cli = startCliInPty(['--model', 'scripted', '--pace', '0', ...args], {
    conversation: true,
    env: { AGENT_TURN_SESSIONS_DIR: sessions, XDG_STATE_HOME: `${sessions}/.state`, npm_lifecycle_event: undefined },
  });
  cleanups.push(() => cli.kill());
  return cli;
}

/** Waits until `needle` was shown `n` times. */
async function shown(cli: PtySession, needle: string, n: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (cli.text().split(needle).length - 1 < n) {
    if (Date.now() > deadline) throw new Error(`"${needle}" not shown ${n} times:\n${cli.text().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The last row of the emulated screen that is not blank. */
async function lastRow(cli: PtySession): Promise<string> {
  const { rows } = await replayedScreen(cli.raw(), 100, 40);
  return (
    rows
      .filter((r) => r.trim() !== '')
      .at(-1)
      ?.trimEnd() ?? ''
  );
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('plan mode in the terminal', () => {
  it('Shift+Tab cycles the modes; plan mode refuses a write and then allows it after approval', async () => {
    const { workspace, sessions } = await setUp();
    const cli = start(['--workspace', workspace], sessions);
    await cli.waitFor('Type a message for the agent', 60_000);
    await shown(cli, '›', 1);
    expect(await lastRow(cli)).toBe('›');

    cli.type(SHIFT_TAB);
    await cli.waitFor('accept edits ›');
    expect(await lastRow(cli)).toBe('⏵⏵ accept edits ›');
    cli.type(SHIFT_TAB);
    await cli.waitFor('plan ›');
    expect(await lastRow(cli)).toBe('⏸ plan ›');

    cli.type('Write notes.md\r');
    await cli.waitFor('Carry out this plan?', 60_000);
    // Refused, told to the model, nothing written, nothing asked.
    expect(cli.text()).toContain('this turn is in plan mode');
    expect(cli.text()).not.toContain('Write this file?');
    expect(await readdir(workspace)).toEqual(['README.md']);

    await pause(300);
    cli.type('a');
    await cli.waitFor('Plan approved');
    await shown(cli, '✓ completed', 2);
    await shown(cli, '›', 4);
    expect(await readFile(path.join(workspace, 'notes.md'), 'utf8')).toContain('# Notes for:');
    // Auto-accept edits: the write ran without a question; the prompt says the mode.
    expect(cli.text()).not.toContain('Write this file?');
    expect(await lastRow(cli)).toBe('⏵⏵ accept edits ›');

    cli.type('/plan\r');
    await cli.waitFor('Plan mode: only reading tools run');
    cli.type('/plan\r');
    await cli.waitFor('Default mode: writes and commands are asked');
    await pause(200);
    expect(await lastRow(cli)).toBe('›');
    cli.type('/exit\r');
    expect(await cli.exited).toBe(0);

    const [file] = (await readdir(sessions)).filter((f) => f.endsWith('.json'));
    const session = JSON.parse(await readFile(path.join(sessions, file), 'utf8'));
    expect(session.conversation.turns.map((t: { task: string }) => t.task)).toEqual([
      'Write notes.md',
      'The plan is approved: carry it out now. The request it answers: Write notes.md',
    ]);
  }, 180_000);

  it('n keeps planning (nothing written); Up brings back the earlier message, also after --continue', async () => {
    const { workspace, sessions } = await setUp();
    const cli = start(['--workspace', workspace], sessions);
    await shown(cli, '›', 1);
    cli.type('/plan\r');
    await cli.waitFor('Plan mode: only reading tools run');
    cli.type('Write notes.md\r');
    await cli.waitFor('Carry out this plan?', 60_000);
    await pause(300);
    cli.type('n');
    await cli.waitFor('Still planning');
    await shown(cli, 'plan ›', 2);
    expect(await readdir(workspace)).toEqual(['README.md']);
    cli.type('/exit\r');
    expect(await cli.exited).toBe(0);

    const again = start(['--continue', '--workspace', workspace], sessions);
    await again.waitFor('Resumed', 60_000);
    await shown(again, '›', 1);
    again.type(UP);
    await again.waitFor('› Write notes.md', 10_000);
    expect(await lastRow(again)).toBe('› Write notes.md');
    // Ctrl-C clears the line (Ctrl-D on a line with text deletes a character), then Ctrl-D leaves.
    again.type('\x03');
    await again.waitFor('^C');
    again.type('\x04');
    expect(await again.exited).toBe(0);
  }, 180_000);
});
