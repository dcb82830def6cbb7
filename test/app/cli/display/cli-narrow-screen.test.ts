// A 50-column terminal as a person sees it (an xterm.js emulator): a diff line wider than the
// screen goes on in rows that start with a continuation mark (a break inside a word is never
// unmarked), the approval question wraps at word boundaries, and the status line breaks between
// its parts (never inside "12 tokens (3 reasoning)" or the cost).
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStyle } from '../../../../app/cli/display/ansi-style.js';
import { statusLine, statusRows } from '../../../../app/cli/display/status-line.js';
import { columnsOf, topLevelParts } from '../../../../app/cli/display/screen-fit.js';
import { approvalCard } from '../../../../app/cli/approval/approval-card.js';
import { createTerminalPrompter } from '../../../../app/cli/approval/terminal-prompter.js';
import { createTerminalRenderer } from '../../../../app/cli/display/terminal-renderer.js';
import type { AgentTurnView } from '../../../../machines/view/turn-view-types.js';
import { xtermScreen } from '../../../support/xterm-screen.js';

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

  /** A turn waiting for its third request's first token: 14,321 tokens so far, 2,345 of them reasoning. */
  const waiting = {
    state: 'requesting',
    phase: 'waiting',
    request: 3,
    tokens: { total: 14_321, reasoning: 2_345, estimated: true },
    usage: { promptTokens: 12_000, completionTokens: 2_321, totalTokens: 14_321, estimated: false },
    currentStreamingContentIndex: 0,
    done: false,
    context: { window: 128_000, budget: 120_000, tokens: 0, estimated: true, droppedMessages: 0, truncations: [] },
    requests: [],
    blocks: [],
  } as unknown as AgentTurnView;
  const price = { inputPerMillion: 0.4, outputPerMillion: 1.6 };
  const parts = ['waiting for the model', 'request 3', '~14321 tokens (2345 reasoning)', '$0.0085'];

  async function statusRowsOnScreen(columns: number): Promise<string[]> {
    const screen = xtermScreen(columns, 10);
    const renderer = createTerminalRenderer({ out: screen.out, live: true, price });
    renderer.update(waiting);
    const rows = await screen.lines();
    for (let i = 0; i < rows.length; i++)
      expect(await screen.wrapped(i), `row ${i} wrapped by the terminal`).toBe(false);
    return rows;
  }

  it('breaks the status line between its parts, each row within the width', async () => {
    const rows = await statusRowsOnScreen(COLUMNS);
    expect(rows).toEqual(['⠋ waiting for the model · request 3', '  ~14321 tokens (2345 reasoning) · $0.0085']);
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(COLUMNS);
    // The parts, whole and in order, at any width where the widest fits a row.
    for (let columns = 33; columns <= 100; columns += 7) {
      const narrow = await statusRowsOnScreen(columns);
      expect(
        narrow
          .map((r) => r.slice(2))
          .join(' · ')
          .split(' · '),
        `${columns} columns`,
      ).toEqual(parts);
    }
  });

  it('keeps the status line on one row where it fits', async () => {
    expect(await statusRowsOnScreen(120)).toEqual([`⠋ ${parts.join(' · ')}`]);
  });

  it('any status line at any width: its rows give back the one-line status, each row within the width when every part fits', () => {
    const plainStyle = createStyle(false);
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 160 }),
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom('waiting', 'streaming', 'running-tool', 'awaiting-approval', 'closing'),
        fc.boolean(),
        (columns, request, total, phase, priced) => {
          const view = {
            ...waiting,
            phase,
            request,
            tokens: { total, reasoning: Math.floor(total / 3), estimated: false },
          } as AgentTurnView;
          const rows = statusRows(view, plainStyle, 0, columns, 0, priced ? price : undefined);
          const line = statusLine(view, plainStyle, 0, 0, priced ? price : undefined);
          expect(rows.map((r, i) => (i === 0 ? r : r.slice(2))).join(' · ')).toBe(line);
          const parts = line.slice(2).split(' · ');
          if (parts.every((p) => columnsOf(p) + 2 <= columns))
            for (const row of rows) expect(columnsOf(row)).toBeLessThanOrEqual(columns);
        },
      ),
    );
  });

  it('breaks the closing line between its parts too, never inside its parenthesis', async () => {
    for (const live of [true, false]) {
      const screen = xtermScreen(COLUMNS, 10);
      const renderer = createTerminalRenderer({ out: screen.out, live });
      const style = createStyle(live);
      renderer.finish(
        undefined,
        `${style.green('✓ completed')} · ${style.dim('4 requests · 5798 tokens (5501 in · 297 out · 103 reasoning)')}`,
      );
      expect(await screen.lines()).toEqual([
        '✓ completed · 4 requests',
        '  5798 tokens (5501 in · 297 out · 103 reasoning)',
      ]);
    }
    expect(topLevelParts('a · b (c · d) · e')).toEqual(['a', 'b (c · d)', 'e']);
  });
});
