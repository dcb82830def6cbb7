// A 50-column terminal as a person sees it (an xterm.js emulator): a diff line wider than the
// screen goes on in rows that start with a continuation mark (a break inside a word is never
// unmarked), and the approval question wraps at word boundaries.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createStyle } from '../../../app/cli/ansi-style.js';
import { approvalCard } from '../../../app/cli/approval-card.js';
import { createTerminalPrompter } from '../../../app/cli/terminal-prompter.js';
import { xtermScreen } from '../../support/xterm-screen.js';

const COLUMNS = 50;

describe('a 50-column terminal', () => {
  it('wraps a long diff line with a continuation mark, every character kept', async () => {
    const long = 'const message = "an extraordinarily long string literal that cannot fit in fifty columns at all";';
    for (const style of [createStyle(true), createStyle(false)]) {
      const card = approvalCard(
        { name: 'write_to_file', params: { path: 'a.ts', content: long } },
        { ok: true, change: { path: 'a.ts', change: 'overwrite', before: 'x\n', after: `${long}\n` } },
        style,
        COLUMNS,
      );
      const screen = xtermScreen(COLUMNS, 30);
      screen.out.write(`${card.lines.join('\n')}\n`);
      const rows = await screen.lines();
      const first = rows.findIndex((r) => r.startsWith('  1 + const message'));
      expect(first).toBeGreaterThan(0);
      const continued: string[] = [];
      for (let i = first + 1; rows[i]?.startsWith('    ↪ '); i++) continued.push(rows[i]!.slice('    ↪ '.length));
      expect(continued.length).toBeGreaterThanOrEqual(2);
      // No row was wrapped by the terminal itself (each fits), and the pieces give the line back.
      for (let i = first; i <= first + continued.length; i++) expect(await screen.wrapped(i)).toBe(false);
      expect(rows[first]!.slice('  1 + '.length) + continued.join('')).toBe(long);
    }
  });

  it('wraps the approval question at word boundaries', async () => {
    const screen = xtermScreen(COLUMNS, 20);
    const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => {} });
    const output = Object.assign(new PassThrough(), { columns: COLUMNS });
    output.on('data', (d: Buffer) => screen.out.write(d.toString()));
    const prompter = createTerminalPrompter({ input, output, onInterrupt: () => {}, settleMs: 0 });
    setImmediate(() => input.write('y'));
    await prompter.approve(
      { question: 'Apply this edit to src/components/header.ts?', tool: 'replace_in_file' },
      new AbortController().signal,
    );
    const rows = await screen.lines();
    const words = new Set(
      'Apply this edit to src/components/header.ts? [y yes · n no · a always for replace_in_file this turn] yes'.split(
        ' ',
      ),
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows)
      for (const word of row.trim().split(' ')) expect(words.has(word), `"${word}" in "${row}"`).toBe(true);
  });
});
