// The CLI as a conversation in a real terminal: three messages, /undo, /compact, /cost, then
// --continue in the same folder.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCliInPty, type PtySession } from '../../../support/pty-session.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function folders() {
  const base = await mkdtemp(path.join(tmpdir(), 'agent-turn-conversation-'));
  cleanups.push(() => rm(base, { recursive: true, force: true }));
  const workspace = path.join(base, 'workspace');
  const sessions = path.join(base, 'sessions');
  await import('node:fs/promises').then((fs) => fs.mkdir(workspace));
  await writeFile(path.join(workspace, 'README.md'), '# Demo project\n\nA tiny project.\n');
  return { workspace, sessions };
}

function start(args: string[], sessions: string): PtySession {
  const cli = startCliInPty(['--model', 'scripted', '--pace', '0', ...args], {
    conversation: true,
    env: { AGENT_TURN_SESSIONS_DIR: sessions, XDG_STATE_HOME: `${sessions}/.state`, PAGER: 'cat' },
  });
  cleanups.push(() => cli.kill());
  return cli;
}

/** Waits until `needle` was shown `n` times (counted, not matched by a backtracking pattern). */
async function shown(cli: PtySession, needle: string, n: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (cli.text().split(needle).length - 1 < n) {
    if (Date.now() > deadline) throw new Error(`"${needle}" not shown ${n} times:\n${cli.text().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits for the n-th prompt. */
const prompt = (cli: PtySession, n: number) => shown(cli, '›', n);

describe('a conversation in the terminal', () => {
  it('three messages with /undo and /compact; the history carries over; --continue goes on', async () => {
    const { workspace, sessions } = await folders();
    const cli = start(['--yes', '--workspace', workspace, 'Read README.md'], sessions);
    await cli.waitFor('✓ completed', 30_000);
    await prompt(cli, 1);
    expect(cli.text()).toContain('README.md starts with the heading "Demo project"');

    cli.type('Write notes.md\r');
    await shown(cli, '✓ completed', 2);
    await prompt(cli, 2);
    expect(await readFile(path.join(workspace, 'notes.md'), 'utf8')).toContain('# Notes for: Write notes.md');

    cli.type('/undo\r');
    await cli.waitFor('Undid 1 step: removed notes.md (created by the agent).');
    expect(await readdir(workspace)).toEqual(['README.md']);
    await prompt(cli, 3);

    cli.type('/compact\r');
    await cli.waitFor('earlier messages replaced by a summary');
    expect(cli.text()).toContain("Tools used: list_files '.', read_file 'README.md'.");
    await cli.waitFor('(/summary shows it)');
    await prompt(cli, 4);

    // The summary and what it replaced, whole (the pager is `cat` here).
    cli.type('/summary\r');
    await cli.waitFor('Summary 1 of 1 (asked with /compact;');
    await cli.waitFor('messages it replaced:');
    await cli.waitFor('── assistant ──');
    await prompt(cli, 5);
    cli.type('/summary 2\r');
    await cli.waitFor('There is no summary 2: this conversation has 1.');
    await prompt(cli, 6);

    cli.type('Write summary.md\r');
    await shown(cli, '✓ completed', 3);
    await prompt(cli, 7);
    expect(await readdir(workspace)).toEqual(['README.md', 'summary.md']);

    cli.type('/nope\r');
    await cli.waitFor('Unknown command "/nope"');
    cli.type('/cost\r');
    await cli.waitFor(/3 messages · \d+ tokens/);
    cli.type('/exit\r');
    expect(await cli.exited).toBe(0);
    expect(cli.text()).toContain('agent-turn --continue goes on with it');

    // The session: three turns, the compaction, the undo note the model was given.
    const [file] = (await readdir(sessions)).filter((f) => f.endsWith('.json'));
    const session = JSON.parse(await readFile(path.join(sessions, file), 'utf8'));
    expect(session.conversation.turns.map((t: { task: string }) => t.task)).toEqual([
      'Read README.md',
      'Write notes.md',
      'Write summary.md',
    ]);
    expect(session.conversation.compactions).toHaveLength(1);
    const kept = session.conversation.compactions[0].messages as Array<{ role: string; content: string }>;
    expect(kept.length).toBe(session.conversation.compactions[0].replaced);
    expect(kept.map((m) => m.role)).toContain('assistant');
    const sent = JSON.stringify(session.turn.output.messages);
    expect(sent).toContain('conversation_summary');
    expect(sent).toContain('with /undo. Undid 1 step: removed notes.md');

    // --continue: the latest session of this folder, its history kept.
    const again = start(['--continue', '--yes', '--workspace', workspace], sessions);
    await again.waitFor('Resumed');
    await again.waitFor('3 earlier messages');
    await prompt(again, 1);
    again.type('\x04');
    expect(await again.exited).toBe(0);
  }, 90_000);

  it('/undo works after --continue (the steps kept beside the session); a broken journal is refused, nothing restored', async () => {
    const { workspace, sessions } = await folders();
    const cli = start(['--yes', '--workspace', workspace, 'Write notes.md'], sessions);
    await cli.waitFor('✓ completed', 30_000);
    await prompt(cli, 1);
    expect(await readdir(workspace)).toEqual(['README.md', 'notes.md']);
    cli.type('/exit\r');
    expect(await cli.exited).toBe(0);

    const again = start(['--continue', '--yes', '--workspace', workspace], sessions);
    await again.waitFor('1 step /undo can take back');
    await prompt(again, 1);
    again.type('/undo\r');
    await again.waitFor('Undid 1 step: removed notes.md (created by the agent).');
    expect(await readdir(workspace)).toEqual(['README.md']);
    await prompt(again, 2);
    again.type('/exit\r');
    expect(await again.exited).toBe(0);

    // Someone edits the kept steps to restore a file outside the workspace.
    const [folder] = (await readdir(sessions)).filter((f) => f.endsWith('.checkpoints'));
    const journal = path.join(sessions, folder, 'steps.json');
    // Its first line signs the rest with the user's key (issue 32): an edit without the key is refused.
    expect(JSON.parse((await readFile(journal, 'utf8')).split('\n')[1]).steps).toEqual([]);
    const forged = {
      version: 1,
      recordedBytes: 5,
      steps: [{ label: 'x', changes: [{ path: '../outside.txt', after: { size: 5, key: '5-abc' } }] }],
    };
    await writeFile(journal, JSON.stringify(forged));
    const third = start(['--continue', '--yes', '--workspace', workspace], sessions);
    await third.waitFor('undo steps kept for this session are refused');
    expect(third.text()).toContain('not signed with your checkpoint key');
    await prompt(third, 1);
    third.type('/undo\r');
    await third.waitFor('the steps before this resume were refused');
    await prompt(third, 2);
    third.type('\x04');
    expect(await third.exited).toBe(0);
    expect(await readdir(path.dirname(workspace))).toEqual(['sessions', 'workspace']);
  }, 90_000);

  it("a command's changes (run in the sandbox) are undone: a new folder, a rewritten file", async () => {
    const { workspace, sessions } = await folders();
    const cli = start(
      [
        '--yes',
        '--workspace',
        workspace,
        'Run `mkdir -p made/deep && echo hi > made/deep/x.txt && echo changed > README.md`',
      ],
      sessions,
    );
    await cli.waitFor('✓ completed', 30_000);
    await prompt(cli, 1);
    expect(await readFile(path.join(workspace, 'made/deep/x.txt'), 'utf8')).toBe('hi\n');
    expect(await readFile(path.join(workspace, 'README.md'), 'utf8')).toBe('changed\n');
    cli.type('/undo\r');
    await cli.waitFor('Undid 1 step:');
    await prompt(cli, 2);
    expect(cli.text()).toContain('restored README.md');
    expect(cli.text()).toContain('removed made/deep/x.txt (created by the agent)');
    expect(await readFile(path.join(workspace, 'README.md'), 'utf8')).toBe('# Demo project\n\nA tiny project.\n');
    // The folders the command made are gone too, once empty.
    expect(await readdir(workspace)).not.toContain('made');
    cli.type('\x04');
    expect(await cli.exited).toBe(0);
  }, 60_000);

  it('Ctrl-C stops the running turn and the prompt comes back; Ctrl-C on the empty prompt leaves', async () => {
    const { workspace, sessions } = await folders();
    const cli = startCliInPty(
      ['--model', 'scripted', '--pace', '40', '--workspace', workspace, '--read-only', 'Read README.md'],
      {
        conversation: true,
        env: { AGENT_TURN_SESSIONS_DIR: sessions },
      },
    );
    cleanups.push(() => cli.kill());
    await cli.waitFor('list_files', 30_000);
    cli.type('\x03');
    await cli.waitFor('■ interrupted', 10_000);
    await prompt(cli, 1);
    await new Promise((r) => setTimeout(r, 1200));
    // Still here after the old 800 ms deadline: the conversation goes on.
    cli.type('\x03');
    expect(await cli.exited).toBe(0);
  }, 60_000);
});
