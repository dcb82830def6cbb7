// Approvals in a real pseudo-terminal: one key (no Enter), the change shown as a diff against the
// file on disk, "always" for the rest of the turn, a long diff through the pager.
import { afterAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { startFixedReplyModel, xmlToolUse, type FixedReplyModel } from '../../../support/fixed-reply-model.js';
import { startCliInPty, type PtySession } from '../../../support/pty-session.js';
import { makeSandbox } from '../../../support/tool-fixtures.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

async function setup(
  files: Record<string, string>,
  replies: string[],
  options: { rows?: number; columns?: number; env?: Record<string, string> } = {},
) {
  const sandbox = await makeSandbox(files);
  const model: FixedReplyModel = await startFixedReplyModel(replies);
  cleanups.push(sandbox.cleanup, model.close);
  const cli = startCliInPty(['--base-url', model.url, '--model', 'fixed', '--workspace', sandbox.workspace, 'do it'], {
    rows: options.rows ?? 40,
    columns: options.columns ?? 100,
    ...(options.env ? { env: options.env } : {}),
  });
  cleanups.push(async () => cli.kill());
  return { cli, model, workspace: sandbox.workspace };
}

/** Presses a key once the prompt has settled (keys typed sooner are dropped as type-ahead). */
async function press(cli: PtySession, prompt: string | RegExp, key: string) {
  await cli.waitFor(prompt);
  await new Promise((r) => setTimeout(r, 250));
  cli.type(key);
}

/** The text from the last card's start to its question. */
function cardBefore(text: string, question: string): string {
  const end = text.lastIndexOf(question);
  return text.slice(text.lastIndexOf('⏺', end), end + question.length);
}

describe.concurrent('approvals at a terminal', () => {
  it('shows an overwrite as a coloured diff against the file on disk and writes on a single y', async () => {
    const { cli, workspace } = await setup({ 'notes.md': 'title\nold line\nkeep\n' }, [
      xmlToolUse('write_to_file', { path: 'notes.md', content: 'title\nnew line\nkeep\nadded\n' }),
    ]);
    await press(cli, 'Overwrite notes.md?', 'y');
    expect(await cli.exited).toBe(0);
    const card = cardBefore(cli.text(), 'Overwrite notes.md?');
    expect(card).toContain('overwrites notes.md: +2 −1 lines');
    expect(card).toMatch(/2 - old line\n\s+2 \+ new line/);
    // Added lines on green, removed on red (256-colour backgrounds), the sign in green / red.
    expect(cli.raw()).toContain('\x1b[48;5;22m\x1b[32m+\x1b[39m new line\x1b[49m');
    expect(cli.raw()).toContain('\x1b[48;5;52m\x1b[31m-\x1b[39m old line\x1b[49m');
    expect(cli.text()).toContain('Overwrite notes.md? [y yes · n no · a always for write_to_file this turn] yes');
    expect(await readFile(path.join(workspace, 'notes.md'), 'utf8')).toBe('title\nnew line\nkeep\nadded');
  });

  it('shows a new file in full, and replace_in_file as the resulting diff, never SEARCH/REPLACE markers', async () => {
    const diff = '------- SEARCH\nconst a = 1;\n=======\nconst a = 2;\n+++++++ REPLACE';
    const content = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n');
    const { cli, workspace, model } = await setup({ 'src/a.ts': 'import x;\nconst a = 1;\nexport {};\n' }, [
      xmlToolUse('write_to_file', { path: 'big/new.txt', content }),
      xmlToolUse('replace_in_file', { path: 'src/a.ts', diff }),
    ]);
    await press(cli, 'Create big/new.txt?', 'y');
    await press(cli, 'Apply this edit to src/a.ts?', 'n');
    await cli.waitFor('Tell the model why');
    cli.type('keep it at 1\r');
    expect(await cli.exited).toBe(0);
    const created = cardBefore(cli.text(), 'Create big/new.txt?');
    expect(created).toContain('creates big/new.txt (30 lines)');
    for (let i = 1; i <= 30; i++) expect(created).toContain(`+ line ${i}\n`.replace(/\n$/, ''));
    const edit = cardBefore(cli.text(), 'Apply this edit to src/a.ts?');
    expect(edit).toContain('edits src/a.ts: +1 −1 lines');
    expect(edit).toMatch(/1\s+import x;\n\s+2 - const a = 1;\n\s+2 \+ const a = 2;\n\s+3\s+export \{\};/);
    expect(edit).not.toContain('SEARCH');
    expect(edit).not.toContain('=======');
    expect(await readFile(path.join(workspace, 'src/a.ts'), 'utf8')).toBe('import x;\nconst a = 1;\nexport {};\n');
    expect(JSON.stringify(model.requests[2].messages)).toContain('keep it at 1');
  });

  it('a: approves the same tool for the rest of the turn without asking again', async () => {
    const { cli, workspace } = await setup({}, [
      xmlToolUse('execute_command', { command: 'echo one > one.txt', requires_approval: 'false' }),
      xmlToolUse('execute_command', { command: 'echo two > two.txt', requires_approval: 'false' }),
    ]);
    await press(cli, 'Run this command?', 'a');
    expect(await cli.exited).toBe(0);
    expect(cli.text().match(/Run this command\?/g)?.length).toBe(1);
    expect(cli.text()).toContain('always (execute_command is approved for the rest of this turn)');
    expect(cli.text()).toMatch(
      /│ echo two > two.txt\n\s+writes: two.txt\n(?:\s+requires_approval: false\n)?\s+✓ approved: always for execute_command this turn/,
    );
    expect(await readFile(path.join(workspace, 'two.txt'), 'utf8')).toBe('two\n');
  });

  it('shows a diff taller than the screen through $PAGER, whole, and offers v to see it again', async () => {
    const before = Array.from({ length: 60 }, (_, i) => `old ${i + 1}`).join('\n');
    const after = Array.from({ length: 60 }, (_, i) => `new ${i + 1}`).join('\n');
    const { cli } = await setup(
      { 'long.txt': before },
      [xmlToolUse('write_to_file', { path: 'long.txt', content: after })],
      { rows: 20, env: { PAGER: 'cat' } },
    );
    await press(cli, 'Overwrite long.txt?', 'v');
    await press(cli, /view\n[\s\S]*Overwrite long\.txt\?/, 'y');
    expect(await cli.exited).toBe(0);
    const text = cli.text();
    expect(text).toContain('(124 lines shown in the pager)');
    expect(text).toContain('v view the diff again]');
    // Shown whole, twice (first and on v): every old and new line.
    for (let i = 1; i <= 60; i++) {
      expect(text.split(`- old ${i}\n`).length).toBe(3);
      expect(text.split(`+ new ${i}\n`).length).toBe(3);
    }
  });
});
