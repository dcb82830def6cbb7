// The model's Markdown as a person sees it in a terminal (an xterm.js emulator, @xterm/headless):
// finished blocks rendered — headings, bold, inline code, lists, fenced code in colour, tables —
// the paragraph being written shown plain until it ends, escape sequences from the model shown as
// ␛, and plain mode (a pipe, NO_COLOR) printing the source unchanged.
import { describe, expect, it } from 'vitest';
import { createTerminalRenderer } from '../../../../app/cli/display/terminal-renderer.js';
import type { AgentTurnView, BlockView } from '../../../../machines/view/turn-view-types.js';
import { FakePipe } from '../../../support/fake-terminal.js';
import { xtermScreen } from '../../../support/xterm-screen.js';

function emulator(columns = 80, rows = 40) {
  const { out, lines, term } = xtermScreen(columns, rows);
  /** The cell at the first occurrence of `text` on screen. */
  const cellOf = async (text: string) => {
    const all = await lines();
    const row = all.findIndex((l) => l.includes(text));
    expect(row, `"${text}" on screen`).toBeGreaterThanOrEqual(0);
    return term.buffer.active.getLine(row)!.getCell(all[row]!.indexOf(text))!;
  };
  return { out, lines, cellOf };
}

const view = (content: string, streaming: boolean, done = !streaming): AgentTurnView =>
  ({
    state: 'streaming',
    phase: done ? 'finished' : 'streaming',
    request: 1,
    tokens: { total: 0, reasoning: 0, estimated: false },
    usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: false },
    currentStreamingContentIndex: 0,
    done,
    context: { window: 128_000, budget: 120_000, tokens: 0, estimated: true, droppedMessages: 0, truncations: [] },
    requests: [
      {
        key: '0',
        index: 0,
        number: 1,
        attempt: 0,
        status: streaming ? 'streaming' : 'complete',
        retried: false,
        blocks: [
          { key: '0:0', request: 1, type: 'text', content, status: streaming ? 'streaming' : 'complete' } as BlockView,
        ],
      },
    ],
    blocks: [],
  }) as unknown as AgentTurnView;

const REPLY = [
  '# Plan',
  '',
  'I will **fix** the `greet` function:',
  '',
  '- read the file',
  '- write the fix',
  '',
  '```ts',
  'const greeting: string = "hi";',
  '```',
  '',
  '| file | change |',
  '| --- | --- |',
  '| a.ts | fixed |',
  '',
].join('\n');

describe('Markdown in the terminal', () => {
  it('renders a finished reply: heading, bold, inline code, list, coloured code, table', async () => {
    const t = emulator();
    const r = createTerminalRenderer({ out: t.out, live: true });
    r.update(view(REPLY, false));
    r.finish(view(REPLY, false), 'end');
    const screen = (await t.lines()).join('\n');
    expect(screen).toContain('Plan');
    expect(screen).not.toContain('# Plan');
    expect(screen).toContain('I will fix the greet function:');
    expect(screen).not.toContain('**');
    expect(screen).toMatch(/\* read the file\n\s+\* write the fix/);
    expect(screen).toContain('const greeting: string = "hi";');
    expect(screen).not.toContain('```');
    expect(screen).toMatch(/│ a\.ts │ fixed {2}│/);
    expect((await t.cellOf('fix')).isBold()).toBeTruthy();
    expect((await t.cellOf('Plan')).isBold()).toBeTruthy();
    // Fenced code is highlighted: the keyword and the string have colours of their own.
    const keyword = await t.cellOf('const');
    const string = await t.cellOf('"hi"');
    expect(keyword.getFgColor()).toBeGreaterThanOrEqual(0);
    expect(keyword.isFgPalette()).toBeTruthy();
    expect(string.isFgPalette()).toBeTruthy();
    expect(string.getFgColor()).not.toBe(keyword.getFgColor());
  });

  it('renders inline formatting inside list items (bullets, numbers, nested): bold, code, emphasis, links', async () => {
    const t = emulator();
    const r = createTerminalRenderer({ out: t.out, live: true });
    const reply = [
      '- The **parser** is `linear`',
      '- *quick* and [docs](https://example.com)',
      '  - nested **deep** item',
      '',
      '1. first `step`',
      '2. second **step**',
      '',
    ].join('\n');
    r.update(view(reply, false));
    r.finish(view(reply, false), 'end');
    const screen = (await t.lines()).join('\n');
    expect(screen).toContain('* The parser is linear');
    expect(screen).toContain('nested deep item');
    expect(screen).toContain('1. first step');
    expect(screen).toContain('2. second step');
    expect(screen).not.toMatch(/\*\*|`|\*quick\*|\[docs\]/);
    expect((await t.cellOf('parser')).isBold()).toBeTruthy();
    expect((await t.cellOf('deep')).isBold()).toBeTruthy();
    expect((await t.cellOf('linear')).isFgPalette()).toBeTruthy();
    expect((await t.cellOf('quick')).isItalic()).toBeTruthy();
  });

  it('keeps the paragraph being written plain until it ends, and prints what finished once', async () => {
    const t = emulator();
    const r = createTerminalRenderer({ out: t.out, live: true });
    r.update(view('# Plan\n\nStill **writ', true));
    let screen = (await t.lines()).join('\n');
    expect(screen).not.toContain('# Plan'); // the heading's block is finished: rendered
    expect(screen).toContain('Still **writ'); // the paragraph is not: its source, in the live region
    r.update(view('# Plan\n\nStill **writing** it.\n\nNext', true));
    r.finish(view('# Plan\n\nStill **writing** it.\n\nNext', false), 'end');
    screen = (await t.lines()).join('\n');
    expect(screen.match(/Plan/g)).toHaveLength(1);
    expect(screen).toContain('Still writing it.');
    expect(screen).not.toContain('**');
    expect(screen).toMatch(/Still writing it\.\n\nNext\n\nend$/);
  });

  it('never lets the model write escape sequences into the terminal', async () => {
    const t = emulator();
    const r = createTerminalRenderer({ out: t.out, live: true });
    const hostile = 'Hello \x1b[2J\x1b]0;pwned\x07 **there**\n';
    r.finish(view(hostile, false), 'end');
    const screen = (await t.lines()).join('\n');
    expect(screen).toContain('Hello ␛[2J␛]0;pwned␇ there');
  });

  it('prints the Markdown source in plain mode (a pipe, NO_COLOR)', () => {
    const pipe = new FakePipe();
    const r = createTerminalRenderer({ out: pipe, live: false });
    r.update(view(REPLY, false));
    r.finish(view(REPLY, false), 'end');
    expect(pipe.text).toContain('# Plan\n\nI will **fix** the `greet` function:');
    expect(pipe.text).toContain('```ts\nconst greeting');
  });
});
