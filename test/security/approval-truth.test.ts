// Attack #3 (issue 9): a model hides what a command does from the person approving it — a second
// line after a harmless first one, bidi overrides that reorder the text, zero-width characters,
// escape sequences that rewrite the terminal, a tail past the screen's edge. The CLI runs in a
// real pseudo-terminal against a model that sends these commands; the approval must show all of
// it, and a "no" must leave the workspace untouched.
import { afterAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import { startFixedReplyModel, xmlToolUse } from '../support/fixed-reply-model.js';
import { startCliInPty, type PtySession } from '../support/pty-session.js';
import { makeSandbox } from '../support/tool-fixtures.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

async function approvalOf(command: string, options: { columns?: number } = {}) {
  const sandbox = await makeSandbox({ 'README.md': 'hi\n' });
  const model = await startFixedReplyModel([xmlToolUse('execute_command', { command, requires_approval: 'false' })]);
  cleanups.push(sandbox.cleanup, model.close);
  const cli = startCliInPty(
    ['--base-url', model.url, '--model', 'fixed', '--workspace', sandbox.workspace, 'tidy up'],
    { columns: options.columns ?? 100 },
  );
  cleanups.push(async () => cli.kill());
  await cli.waitFor(/Run this .*command\?/);
  return { cli, workspace: sandbox.workspace };
}

async function refuse(cli: PtySession): Promise<number> {
  await new Promise((r) => setTimeout(r, 250));
  cli.type('n');
  await cli.waitFor('Tell the model why');
  cli.type('\r');
  return cli.exited;
}

describe.concurrent('attack #3: approvals show the truth', () => {
  it('a two-line command shows both lines and says it has two; "n" runs neither', async () => {
    const { cli, workspace } = await approvalOf('ls\ntouch PWNED');
    expect(await refuse(cli)).toBe(0);
    const text = cli.text();
    expect(text).toMatch(/│ ls\n\s+│ touch PWNED\n\s+⚠ 2 lines: every line runs[\s\S]*Run this 2-line command\?/);
    expect(text).not.toContain('Run ls?');
    expect(await readdir(workspace)).toEqual(['README.md']);
  });

  it('bidi overrides, zero-width characters, escape sequences and carriage returns are shown as labels, never sent to the terminal', async () => {
    const command = 'echo "\u202Etxt.exe\u202C" \u200B&& printf ok\x1b[2K\x1b]0;title\x07\rtouch PWNED';
    const { cli, workspace } = await approvalOf(command, { columns: 200 });
    expect(await refuse(cli)).toBe(0);
    expect(cli.text()).toContain(
      '│ echo "⟨U+202E RLO⟩txt.exe⟨U+202C PDF⟩" ⟨U+200B ZWSP⟩&& printf ok⟨U+001B ESC⟩[2K⟨U+001B ESC⟩]0;title⟨U+0007 BEL⟩⟨U+000D CR⟩touch PWNED',
    );
    expect(cli.text()).toContain('⚠ 7 hidden characters (control, bidi or zero-width) shown as ⟨U+…⟩');
    // The terminal never received the model's hidden characters. Its ESC [2K is looked for where the
    // model put it (after "ok"): the CLI's own redraw erases lines with ESC [2K too (ansi-style.ts).
    for (const hidden of ['\u202E', '\u202C', '\u200B', 'ok\x1b[2K', '\x1b]0;title', '\x07'])
      expect(cli.raw()).not.toContain(hidden);
    expect(await readdir(workspace)).toEqual(['README.md']);
  });

  it('nothing is cut: a command longer than the screen is wide is shown to its last character', async () => {
    const command = `echo ${'x'.repeat(300)} ; touch PWNED`;
    const { cli } = await approvalOf(command, { columns: 60 });
    expect(await refuse(cli)).toBe(0);
    const text = cli.text();
    const card = text.slice(text.lastIndexOf('⏺ execute_command'), text.lastIndexOf('Run this command?'));
    const unwrapped = card.replace(/\n {2}(?!│)/g, '');
    expect(unwrapped).toContain(`│ ${command}`);
    // Each row fits the 60 columns, so nothing ran off the edge.
    for (const row of card.split('\n')) expect([...row].length).toBeLessThanOrEqual(60);
  });

  it('Ctrl-C at the question stops the turn (exit 130) and runs nothing', async () => {
    const { cli, workspace } = await approvalOf('touch PWNED');
    await new Promise((r) => setTimeout(r, 250));
    cli.type('\x03');
    expect(await cli.exited).toBe(130);
    expect(await readdir(workspace)).toEqual(['README.md']);
  });
});
