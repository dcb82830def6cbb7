// What the CLI draws in a real pseudo-terminal: a command's output live while it runs and capped
// after; words wrapped to the width and re-fitted on resize; tokens and cost.
import { afterAll, describe, expect, it } from 'vitest';
import { startFixedReplyModel, xmlToolUse, type FixedReply } from '../../../support/fixed-reply-model.js';
import { replayInto, startCliInPty } from '../../../support/pty-session.js';
import { makeSandbox } from '../../../support/tool-fixtures.js';
import { FakeTerminal } from '../../../support/fake-terminal.js';
import { runCliProcess } from '../../../support/cli-process.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

async function run(
  replies: (FixedReply | string)[],
  args: string[] = [],
  options: { columns?: number; rows?: number; model?: string } = {},
) {
  const sandbox = await makeSandbox({ 'README.md': 'hi\n' });
  const model = await startFixedReplyModel(replies);
  cleanups.push(sandbox.cleanup, model.close);
  const cli = startCliInPty(
    ['--base-url', model.url, '--model', options.model ?? 'fixed', '--workspace', sandbox.workspace, ...args, 'do it'],
    options,
  );
  cleanups.push(async () => cli.kill());
  return cli;
}

describe.concurrent('the CLI in a terminal', () => {
  it("shows a command's output live while it runs, then its output after it ends", async () => {
    const cli = await run(
      [
        xmlToolUse('execute_command', {
          command: 'for i in 1 2 3 4 5 6 7 8; do echo "tick $i"; sleep 0.25; done',
          requires_approval: 'false',
        }),
      ],
      ['--yes'],
    );
    await cli.waitFor('tick 2');
    // Seen while the command still runs: the result has not been printed yet.
    expect(cli.text()).not.toContain('Command exited');
    expect(cli.text()).toMatch(/running\n\s+tick 1\n\s+tick 2/);
    expect(await cli.exited).toBe(0);
    const after = cli.text().slice(cli.text().lastIndexOf('⎿ Command exited with code 0.'));
    expect(after).toMatch(/^⎿ Command exited with code 0\.\n {4}tick 1\n {4}tick 2\n[\s\S]* {4}tick 8\n/);
  });

  const words = [
    'Stopped',
    'because',
    'the',
    'user',
    'rejected',
    'write_to_file;',
    '日本語の',
    'テキスト',
    'café',
    'e\u0301te\u0301',
    '👍',
    'and',
    'then',
  ];
  const paragraph = Array.from({ length: 6 }, (_, i) => `${words.join(' ')} word${i}`).join(' ');
  const reply = (more: Partial<FixedReply> = {}): FixedReply => ({
    content: `${paragraph}\n\n<attempt_completion>\n<result>Done.</result>\n</attempt_completion>`,
    ...more,
  });

  /** The paragraph's rows on a screen: from its first word to the blank line after it. */
  function paragraphRows(screen: string): string[] {
    const rows = screen.split('\n');
    const start = rows.findIndex((r) => r.startsWith('Stopped because'));
    return rows.slice(start, rows.indexOf('', start));
  }
  const wordsOf = (rows: string[]) => rows.join(' ').normalize('NFC').split(' ');

  for (const columns of [40, 120]) {
    it(`wraps the model's words at ${columns} columns, wide and combining characters included`, async () => {
      const cli = await run([reply()], [], { columns, rows: 50 });
      expect(await cli.exited).toBe(0);
      const term = new FakeTerminal(columns, 50);
      term.write(cli.raw());
      expect(Math.max(...term.rowWidths())).toBeLessThanOrEqual(columns);
      const rows = paragraphRows(term.screen());
      expect(wordsOf(rows)).toEqual(paragraph.normalize('NFC').split(' '));
      expect(rows.length).toBeGreaterThan(1);
    });
  }

  it('re-fits to a narrower terminal on resize (SIGWINCH), leaving nothing behind', async () => {
    let open = () => {};
    const gate = {
      afterChars: Math.floor(paragraph.length / 3),
      open: new Promise<void>((resolve) => (open = resolve)),
    };
    const cli = await run([reply({ gate, delayMs: 20 })], [], { columns: 120, rows: 50 });
    // The reply stops a third of the way in; the terminal is resized; then the rest streams.
    await cli.waitFor('word0');
    // Let the display settle while the reply is held at the gate: the harness marks the resize in
    // the byte stream when it sends it, so a draw already scheduled at 120 columns must not land
    // after that mark (a real terminal reflows such a draw the same way).
    for (let seen = -1; cli.raw().length !== seen; ) {
      seen = cli.raw().length;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    cli.resize(50, 50);
    await new Promise<void>((resolve) => {
      const check = () => (cli.raw().includes('\x1b]resize;50;50') ? resolve() : setTimeout(check, 20));
      check();
    });
    open();
    expect(await cli.exited).toBe(0);
    // Replay what the terminal received, resized where the real one was.
    const term = new FakeTerminal(120, 50);
    replayInto(term, cli.raw());
    const screen = term.screen();
    expect(Math.max(...term.rowWidths())).toBeLessThanOrEqual(50);
    expect(wordsOf(paragraphRows(screen))).toEqual(paragraph.normalize('NFC').split(' '));
    expect(screen.split('Stopped because').length).toBe(7);
    expect(screen).toMatch(/✓ completed/);
  });

  it("shows tokens per request and per turn, and the cost at the profile's list price (gpt-4.1-mini: $0.40 in, $1.60 out per million)", async () => {
    const cli = await run(
      [
        { content: xmlToolUse('list_files', { path: '.' }), usage: { prompt_tokens: 10_000, completion_tokens: 500 } },
        {
          content: '<attempt_completion>\n<result>Done.</result>\n</attempt_completion>',
          usage: { prompt_tokens: 12_000, completion_tokens: 250 },
          // Slow enough for the status line to be drawn while it streams.
          delayMs: 60,
        },
      ],
      [],
      { model: 'gpt-4.1-mini' },
    );
    expect(await cli.exited).toBe(0);
    const text = cli.text();
    // 10,000 × 0.40 + 500 × 1.60 = $0.0048; 12,000 × 0.40 + 250 × 1.60 = $0.0052.
    expect(text).toContain('⎯ request 1: 10000 in · 500 out · $0.0048');
    expect(text).toContain('⎯ request 2: 12000 in · 250 out · $0.0052');
    expect(text).toContain('✓ completed · 2 requests · 22750 tokens (22000 in · 750 out · $0.0100)');
    // The live status line carries the cost so far.
    expect(text).toMatch(/request 2 · \d+ tokens · \$0\.0048/);
  });

  it('marks estimates when the provider sends no usage, and prices a model with --price-input/--price-output', async () => {
    const cli = await run(
      [{ content: '<attempt_completion>\n<result>Done.</result>\n</attempt_completion>', usage: null }],
      ['--price-input', '2', '--price-output', '10'],
    );
    expect(await cli.exited).toBe(0);
    expect(cli.text()).toMatch(/✓ completed · 1 request · ~\d+ tokens \(~\d+ in · ~\d+ out · ~\$0\.\d{4}, estimated\)/);
  });

  it('refuses contradicting flags with exit 2 and says why; scripted:scripted is not offered as a profile', async () => {
    const [both, pace, url, scripted, help] = await Promise.all([
      runCliProcess(['--read-only', '--yes', 'go']),
      runCliProcess(['--pace', '0', '--model', 'm', '--base-url', 'http://127.0.0.1:9/v1', 'go']),
      runCliProcess(['--base-url', 'http://127.0.0.1:9/v1', 'go']),
      runCliProcess(['--model', 'scripted:scripted', 'go']),
      runCliProcess(['--help']),
    ]);
    expect([both.code, pace.code, url.code, scripted.code, help.code]).toEqual([2, 2, 2, 2, 0]);
    expect(both.stderr).toContain('--read-only refuses every write and command, --yes approves them');
    expect(pace.stderr).toContain('--pace is for the scripted model');
    expect(url.stderr).toContain('--base-url needs --model NAME');
    expect(scripted.stderr).toContain('"scripted:scripted" is not a profile');
    expect(help.stdout).toContain('scripted:glm-5.1');
    expect(help.stdout).not.toContain('scripted:scripted');
    expect(help.stdout).toContain('--price-input USD');
  });
});
