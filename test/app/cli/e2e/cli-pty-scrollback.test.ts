// What a person finds scrolling back after a turn (tmux's history, a terminal's scrollback):
// every finished block exactly once and none of the live region's redraws — the status line,
// the spinner, the streaming tails. The CLI runs in a real pseudo-terminal; its output is played
// into an xterm.js emulator that clears the screen as tmux does (into its history when the erase
// starts at the top-left corner, which a live region drawn from the top row does), starting on
// the top row, below a screenful of earlier output, and on a screen so small that it scrolls.
import { afterAll, describe, expect, it } from 'vitest';
import { startFixedReplyModel, xmlToolUse } from '../../../support/fixed-reply-model.js';
import { startCliInPty } from '../../../support/pty-session.js';
import { makeSandbox } from '../../../support/tool-fixtures.js';
import { replayedScreen } from '../../../support/xterm-screen.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

const COLUMNS = 50;
const ROWS = 10;
/** Rows only the live region shows: the status line, the spinner, the folded reasoning's tail. */
const REDRAW_ROWS = [
  /^. (waiting for the model|streaming|running \w+|finishing the reply) · request \d/,
  /^✻ thinking… \d+ token/,
  /⎿ . running$/,
];
const count = (rows: readonly string[], pattern: RegExp) => rows.filter((r) => pattern.test(r)).length;

function expectNoRedraws(rows: readonly string[]) {
  for (const pattern of REDRAW_ROWS) expect(count(rows, pattern), `${pattern}:\n${rows.join('\n')}`).toBe(0);
}

/** The scripted model's four-request turn, its reasoning kept on screen (committed line by line). */
async function scriptedTurn(extra: string[] = []) {
  const sandbox = await makeSandbox({ 'README.md': '# Demo\n' });
  cleanups.push(sandbox.cleanup);
  const cli = startCliInPty(
    [
      '--workspace',
      sandbox.workspace,
      '--pace',
      '3',
      '--yes',
      '--model',
      'scripted:glm-5.1',
      ...extra,
      'Read README.md and write notes.md about it',
    ],
    { columns: COLUMNS, rows: ROWS },
  );
  cleanups.push(async () => cli.kill());
  expect(await cli.exited).toBe(0);
  return cli.raw();
}

function expectScriptedTurnOnce(rows: readonly string[], reasoningShown: boolean) {
  const all = rows.join('\n');
  for (const card of ['⏺ list_files .', '⏺ read_file README.md', '⏺ write_to_file notes.md', '⏺ Completion'])
    expect(count(rows, new RegExp(`^${card.replace('.', '\\.')}$`)), `${card}:\n${all}`).toBe(1);
  for (const n of [1, 2, 3, 4]) expect(count(rows, new RegExp(`^ {2}⎯ request ${n}: `)), all).toBe(1);
  expect(count(rows, /^✻ thought for \d+ tokens$/), all).toBe(4);
  if (reasoningShown) expect(count(rows, /^✻ thinking$/), all).toBe(4);
  expect(count(rows, /^✓ completed · 4 requests/), all).toBe(1);
  expect(count(rows, /^I'll write notes\.md now\.$/), all).toBe(1);
  expectNoRedraws(rows);
}

describe.concurrent('the scrollback after a turn', () => {
  it('holds each block once when the CLI starts on the top row', async () => {
    const raw = await scriptedTurn(['--show-reasoning']);
    const { rows, baseY } = await replayedScreen(raw, COLUMNS, ROWS, { tmux: true });
    expect(baseY).toBeGreaterThan(0); // the turn scrolled: most of it is in the scrollback
    expectScriptedTurnOnce(rows, true);
  });

  it('holds each block once when the CLI starts below a screenful of earlier output', async () => {
    const raw = await scriptedTurn();
    const before = Array.from({ length: ROWS + 3 }, (_, i) => `$ earlier ${i}\r\n`).join('');
    const { rows } = await replayedScreen(raw, COLUMNS, ROWS, { before, tmux: true });
    expect(rows.slice(0, ROWS + 3)).toEqual(Array.from({ length: ROWS + 3 }, (_, i) => `$ earlier ${i}`));
    expectScriptedTurnOnce(rows.slice(ROWS + 3), false);
  });

  it('holds each block once when streaming cards and command output scroll a small screen', async () => {
    const sandbox = await makeSandbox({ 'README.md': '# Demo\n' });
    const paragraph = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const content = Array.from({ length: 30 }, (_, i) => `line ${i} of the file`).join('\n');
    const model = await startFixedReplyModel([
      { content: `${paragraph}\n\n${xmlToolUse('write_to_file', { path: 'notes.md', content })}`, delayMs: 3 },
      {
        content: xmlToolUse('execute_command', {
          command: 'for i in $(seq 1 20); do echo "tick $i"; sleep 0.03; done',
          requires_approval: 'false',
        }),
        delayMs: 3,
      },
    ]);
    cleanups.push(sandbox.cleanup, model.close);
    const cli = startCliInPty(
      ['--base-url', model.url, '--model', 'fixed', '--workspace', sandbox.workspace, '--yes', 'do it'],
      { columns: COLUMNS, rows: ROWS },
    );
    cleanups.push(async () => cli.kill());
    expect(await cli.exited).toBe(0);
    const { rows } = await replayedScreen(cli.raw(), COLUMNS, ROWS, { tmux: true });
    const all = rows.join('\n');
    // The paragraph, wrapped, once: its words in order.
    const first = rows.findIndex((r) => r.startsWith('word0 '));
    expect(rows.slice(first, rows.indexOf('', first)).join(' ')).toBe(paragraph);
    expect(count(rows, /^word0 /), all).toBe(1);
    expect(count(rows, /^⏺ write_to_file notes\.md$/), all).toBe(1);
    expect(count(rows, /^ {2}│ line 0 of the file$/), all).toBe(1);
    expect(count(rows, /^ {2}│ line 29 of the file$/), all).toBe(0); // the card shows its first lines after
    expect(count(rows, /^⏺ execute_command /), all).toBe(1);
    expect(count(rows, /^ {4}tick 20$/), all).toBe(1);
    expect(count(rows, /^ {4}tick 1$/), all).toBe(1);
    expect(count(rows, /^✓ completed/), all).toBe(1);
    expectNoRedraws(rows);
  });
});
