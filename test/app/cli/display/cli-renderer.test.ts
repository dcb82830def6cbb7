import { describe, expect, it, vi } from 'vitest';
import { createTerminalRenderer } from '../../../../app/cli/display/terminal-renderer.js';
import type {
  AgentTurnView,
  BlockView,
  RequestView,
  ToolBlockStatus,
  ToolState,
} from '../../../../machines/view/turn-view-types.js';
import { FakePipe, FakeTerminal } from '../../../support/fake-terminal.js';

type TurnView = AgentTurnView;

/** Words filled into rows of at most `width` characters (ASCII): what a person expects from word wrap. */
function greedyWrap(text: string, width: number): string[] {
  const rows: string[] = [];
  let row = '';
  for (const word of text.split(' ')) {
    if (row !== '' && row.length + 1 + word.length > width) {
      rows.push(row);
      row = word;
    } else row = row === '' ? word : `${row} ${word}`;
  }
  rows.push(row);
  return rows;
}

/** The requests a list of blocks came from, grouped by their request number. */
function requestsOf(blocks: readonly BlockView[]): RequestView[] {
  const requests: RequestView[] = [];
  for (const block of blocks) {
    let r = requests.find((q) => q.number === block.request);
    if (!r)
      requests.push(
        (r = {
          key: String(block.request - 1),
          index: block.request - 1,
          number: block.request,
          attempt: 0,
          status: 'streaming',
          blocks: [],
          retried: false,
        }),
      );
    r.blocks.push(block);
  }
  return requests;
}

const view = (blocks: BlockView[], extra: Partial<TurnView> = {}): TurnView => {
  const requests = extra.requests ?? requestsOf(blocks);
  return {
    state: 'streaming',
    phase: 'streaming',
    request: 1,
    tokens: { total: 0, reasoning: 0, estimated: false },
    usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: false },
    currentStreamingContentIndex: 0,
    done: false,
    context: { window: 128_000, budget: 120_000, tokens: 0, estimated: true, droppedMessages: 0, truncations: [] },
    requests,
    blocks: requests.at(-1)?.blocks ?? [],
    ...extra,
  };
};
const prose = (partial: boolean) => (partial ? 'streaming' : 'complete') as 'streaming' | 'complete';
const reasoning = (text: string, partial: boolean, tokens = 7): BlockView => ({
  key: 'r0',
  request: 1,
  type: 'reasoning',
  reasoning: text,
  status: prose(partial),
  tokens,
  estimated: false,
});
const answer = (text: string, partial: boolean, key = 't1', request = 1): BlockView => ({
  key,
  request,
  type: 'text',
  content: text,
  status: prose(partial),
});
const toolState = (status: ToolBlockStatus, result?: string): ToolState =>
  status === 'streaming' || status === 'ready' || status === 'awaiting-approval' || status === 'running'
    ? { status }
    : ({ status, result: result ?? '', isError: status !== 'done' } as ToolState);
const tool = (
  key: string,
  name: string,
  params: Record<string, string>,
  status: ToolBlockStatus,
  result?: string,
): BlockView => ({
  key,
  request: 1,
  type: 'tool_use',
  name,
  params,
  call_id: key,
  isNativeToolCall: false,
  isCompletion: false,
  ...toolState(status, result),
});
const readTool = (status: ToolBlockStatus, params: Record<string, string>, result?: string): BlockView =>
  tool('u2', 'read_file', params, status, result);

/** A turn told in views: reasoning streams, then text, then a tool that runs. */
function sequence(): TurnView[] {
  return [
    view([], { phase: 'waiting' }),
    view([reasoning('Let me look', true, 3)]),
    view([reasoning('Let me look\nat the files', true, 6)]),
    view([reasoning('Let me look\nat the files', false, 6), answer('I will read', true)]),
    view([reasoning('Let me look\nat the files', false, 6), answer('I will read\nthe README.', true)]),
    view([
      reasoning('Let me look\nat the files', false, 6),
      answer('I will read\nthe README.', false),
      readTool('streaming', { path: 'READ' }),
    ]),
    view(
      [
        reasoning('Let me look\nat the files', false, 6),
        answer('I will read\nthe README.', false),
        readTool('running', { path: 'README.md' }),
      ],
      { phase: 'running-tool', tokens: { total: 40, reasoning: 6, estimated: false } },
    ),
    view(
      [
        reasoning('Let me look\nat the files', false, 6),
        answer('I will read\nthe README.', false),
        readTool('done', { path: 'README.md' }, '# Title\nline 2\nline 3'),
      ],
      { phase: 'waiting', request: 2, tokens: { total: 40, reasoning: 6, estimated: false } },
    ),
    view(
      [
        reasoning('Let me look\nat the files', false, 6),
        answer('I will read\nthe README.', false),
        readTool('done', { path: 'README.md' }, '# Title\nline 2\nline 3'),
        answer('It is a title.', false, 't3', 2),
      ],
      { request: 2, tokens: { total: 60, reasoning: 6, estimated: false } },
    ),
  ];
}

describe('terminal renderer, live (TTY)', () => {
  it('shows reasoning live, then folds it to one line', () => {
    const term = new FakeTerminal();
    const r = createTerminalRenderer({ out: term, live: true });
    const views = sequence();
    r.update(views[2]);
    expect(term.screen()).toContain('✻ thinking… 6 tokens');
    expect(term.screen()).toContain('  at the files');
    r.update(views[3]);
    expect(term.screen().split('\n')[0]).toBe('✻ thought for 6 tokens');
    expect(term.screen()).not.toContain('at the files');
  });

  it('streams the answer and fills the tool card, then prints its result summary', () => {
    const term = new FakeTerminal();
    const r = createTerminalRenderer({ out: term, live: true });
    const views = sequence();
    r.update(views[4]);
    expect(term.screen()).toContain('I will read\nthe README.');
    r.update(views[5]);
    expect(term.screen()).toContain('⏺ read_file READ');
    r.update(views[6]);
    expect(term.screen()).toContain('⏺ read_file README.md');
    expect(term.screen()).toMatch(/⎿ . running/);
    expect(term.screen()).toMatch(/running read_file · request 1 · 40 tokens \(6 reasoning\)$/);
    r.update(views[7]);
    r.update(views[8]);
    r.finish(undefined, 'done');
    expect(term.screen()).toBe(
      [
        '✻ thought for 6 tokens',
        '',
        'I will read',
        'the README.',
        '',
        '⏺ read_file README.md',
        '  ⎿ read 3 lines',
        '',
        'It is a title.',
        '',
        'done',
      ].join('\n'),
    );
  });

  it('shows a spinner while waiting for the first token, and it turns', () => {
    const term = new FakeTerminal();
    const r = createTerminalRenderer({ out: term, live: true });
    r.update(sequence()[0]);
    const first = term.screen();
    expect(first).toMatch(/^⠋ waiting for the model · request 1 · 0 tokens$/);
    r.tick();
    expect(term.screen()).toMatch(/^⠙ waiting for the model/);
  });

  it('keeps the whole reasoning with --show-reasoning', () => {
    const term = new FakeTerminal();
    const r = createTerminalRenderer({ out: term, live: true, showReasoning: true });
    for (const v of sequence().slice(0, 5)) r.update(v);
    r.finish(undefined, 'end');
    expect(term.screen()).toBe(
      [
        '✻ thinking',
        'Let me look',
        'at the files',
        '✻ thought for 6 tokens',
        '',
        'I will read',
        'the README.',
        '',
        'end',
      ].join('\n'),
    );
  });

  it('prints a card with a long value clipped, and an error result in its card', () => {
    const term = new FakeTerminal(60);
    const r = createTerminalRenderer({ out: term, live: true });
    const content = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n');
    r.update(view([tool('w', 'write_to_file', { path: 'a.txt', content }, 'error', 'Error (read-only): no')]));
    r.finish(undefined, 'x');
    expect(term.screen()).toBe(
      [
        '⏺ write_to_file a.txt',
        '  content (10 lines)',
        ...[1, 2, 3, 4, 5, 6].map((n) => `  │ line ${n}`),
        '  │ … 4 more lines',
        '  ⎿ ✗ Error (read-only): no',
        '',
        'x',
      ].join('\n'),
    );
  });
});

describe('terminal renderer on a small screen', () => {
  it('keeps the live part within the screen so every redraw erases all of it', () => {
    const term = new FakeTerminal(40, 8);
    const r = createTerminalRenderer({ out: term, live: true });
    let text = '';
    for (let i = 0; i < 60; i++) {
      text += `word${i} `;
      // One long unfinished paragraph: taller than the screen while it streams.
      r.update(view([answer(text.trim(), true)]));
    }
    r.update(view([answer(text.trim(), false)]));
    r.finish(undefined, 'end');
    // Nothing left over from earlier redraws, in the scrollback either: the paragraph once, wrapped at word boundaries at 40.
    expect(term.screen()).toBe([...greedyWrap(text.trim(), 40), '', 'end'].join('\n'));
  });
});

describe('terminal renderer around a prompt', () => {
  it("prints the card's first line for good before the prompt (the approval card shows the rest), then only its outcome", () => {
    const term = new FakeTerminal();
    const r = createTerminalRenderer({ out: term, live: true });
    const write = (status: ToolBlockStatus, result?: string): BlockView => ({
      ...tool('w', 'write_to_file', { path: 'a.txt', content: 'hi' }, status, result),
    });
    r.update(view([write('awaiting-approval')], { phase: 'awaiting-approval' }));
    expect(term.screen()).toContain('⎿ waiting for approval');
    r.suspend();
    term.write('Write a.txt? [y/n] n\n');
    r.resume();
    r.update(
      view(
        [
          write(
            'rejected',
            "The user rejected this tool use; it did not run. The user's feedback:\n<feedback>\nnot now\n</feedback>",
          ),
        ],
        { phase: 'waiting' },
      ),
    );
    r.finish(undefined, 'end');
    expect(term.screen()).toBe(
      ['⏺ write_to_file a.txt', 'Write a.txt? [y/n] n', '  ⎿ rejected: not now', '', 'end'].join('\n'),
    );
  });
});

describe('terminal renderer, plain (pipe or NO_COLOR)', () => {
  it('writes append-only lines without escape sequences', () => {
    const pipe = new FakePipe();
    const r = createTerminalRenderer({ out: pipe, live: false });
    for (const v of sequence()) r.update(v);
    r.finish(undefined, 'completed');
    expect(pipe.text).not.toContain('\x1b');
    expect(pipe.text).toBe(
      [
        '✻ thought for 6 tokens',
        '',
        'I will read',
        'the README.',
        '',
        '⏺ read_file README.md',
        '  ⎿ read 3 lines',
        '',
        '[request 2]',
        'It is a title.',
        '',
        'completed',
        '',
      ].join('\n'),
    );
  });

  it('shows control characters from the model, files and commands as symbols, never as escape codes', () => {
    const pipe = new FakePipe();
    const r = createTerminalRenderer({ out: pipe, live: false });
    r.update(
      view([
        answer('Look: \x1b[2J\x1b[31mred\x1b[0m\x07 done\r\n', false),
        readTool('error', { path: 'a\x1b]0;title\x07.md' }, '\x1b[31mERR\x1b[0m boom'),
      ]),
    );
    r.finish(undefined, 'ok');
    expect(pipe.text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    expect(pipe.text).toContain('Look: ␛[2J␛[31mred␛[0m␇ done');
    expect(pipe.text).toContain('⏺ read_file a⟨U+001B ESC⟩]0;title⟨U+0007 BEL⟩.md');
    expect(pipe.text).toContain('⎿ ✗ ␛[31mERR␛[0m boom');
  });

  it('keeps the live region whole when streamed text holds cursor moves', () => {
    const term = new FakeTerminal();
    const r = createTerminalRenderer({ out: term, live: true });
    r.update(view([answer('one\x1b[2Atwo', true)]));
    expect(term.screen()).toContain('one␛[2Atwo');
  });

  it('says when a failed attempt is retried, between its blocks and the retry', () => {
    const pipe = new FakePipe();
    const r = createTerminalRenderer({ out: pipe, live: false });
    const failed: RequestView = {
      key: '0',
      index: 0,
      number: 1,
      attempt: 0,
      status: 'failed',
      retried: true,
      error: { code: 'http', message: '429.' },
      blocks: [answer('Looking', false, '0:0')],
    };
    const retry: RequestView = {
      key: '1',
      index: 1,
      number: 1,
      attempt: 1,
      status: 'streaming',
      retried: false,
      blocks: [answer('Looking again', false, '1:0')],
    };
    r.update(view([], { requests: [failed, retry] }));
    r.finish(undefined, 'ok');
    expect(pipe.text).toBe('Looking\n\n↻ attempt 1 failed [http] 429 — retrying\n\nLooking again\n\nok\n');
  });

  it('prints what arrived when the turn ends mid-stream', () => {
    const pipe = new FakePipe();
    const r = createTerminalRenderer({ out: pipe, live: false });
    r.update(view([reasoning('hmm', true, 1)]));
    r.update(view([reasoning('hmm', false, 1), answer('Partial ans', true)]));
    r.finish(undefined, 'aborted');
    expect(pipe.text).toBe('✻ thought for 1 token\n\nPartial ans\n\naborted\n');
  });
});

describe('terminal renderer: command output', () => {
  const command = (status: ToolBlockStatus, result?: string): BlockView =>
    tool('c1', 'execute_command', { command: 'npm test' }, status, result);

  it('shows the last lines live under a running command, redrawn on the tick', () => {
    const term = new FakeTerminal(60, 30);
    const r = createTerminalRenderer({ out: term, live: true });
    r.update(view([command('running')], { phase: 'running-tool' }));
    r.commandOutput('c1', 'one\ntwo\nthree\nfour\nfive\nsix\nseven');
    r.commandOutput('c1', ' and more\n\x1b[31mred\x1b[0m\n');
    r.tick();
    const screen = term.screen();
    expect(screen).toMatch(/⎿ . running\n {4}four\n {4}five\n {4}six\n {4}seven and more\n {4}␛\[31mred␛\[0m/);
    expect(screen).not.toContain('three');
  });

  it('after the end, shows a short output whole and a long one as its head and tail', () => {
    const term = new FakeTerminal(60, 40);
    const r = createTerminalRenderer({ out: term, live: true });
    const long = Array.from({ length: 30 }, (_, i) => `out ${i + 1}`).join('\n');
    r.update(view([command('done', `Command exited with code 0.\nOutput:\n${long}`)], { phase: 'waiting' }));
    r.finish(undefined, 'end');
    const lines = term.screen().split('\n');
    expect(lines.slice(0, 3)).toEqual(['⏺ execute_command npm test', '  ⎿ Command exited with code 0.', '    out 1']);
    expect(term.screen()).toContain('    out 4\n    … 19 more lines …\n    out 24');
    expect(term.screen()).toContain('    out 30\n\nend');
    const short = new FakePipe();
    const p = createTerminalRenderer({ out: short, live: false });
    p.update(
      view([
        command('error', 'Error (timeout): The command was stopped after 1 s without finishing.\nOutput so far:\nhalf'),
      ]),
    );
    p.finish(undefined, 'end');
    expect(short.text).toContain(
      '  ⎿ ✗ Error (timeout): The command was stopped after 1 s without finishing.\n    half\n',
    );
  });
});

describe('terminal renderer: words wrap to the width, wide and combining characters counted right', () => {
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
    'naïve',
    'e\u0301te\u0301',
    '👍',
    'résumé',
    '漢字',
    'and',
    'then',
    'wrote',
    'a',
    'longer',
    'sentence',
    'that',
    'must',
    'wrap',
  ];
  const paragraph = Array.from({ length: 4 }, () => words.join(' ')).join(' ');

  for (const width of [40, 120]) {
    it(`at ${width} columns: no row wider than the screen, no word cut`, () => {
      const term = new FakeTerminal(width, 50);
      const r = createTerminalRenderer({ out: term, live: true });
      // Streamed in pieces that end mid-word, then a second paragraph.
      let shown = '';
      for (const piece of paragraph.match(/.{1,7}/gu)!) r.update(view([answer((shown += piece), true)]));
      r.update(view([answer(`${paragraph}\n\nsecond line`, false)]));
      r.finish(undefined, 'end');
      expect(Math.max(...term.rowWidths())).toBeLessThanOrEqual(width);
      const rows = term.screen().split('\n');
      const end = rows.indexOf('');
      // (wrap-ansi gives a wrapped row in NFC: e + U+0301 becomes é, which looks the same.)
      expect(rows.slice(0, end).join(' ').normalize('NFC').split(' ')).toEqual(paragraph.normalize('NFC').split(' '));
      expect(rows.slice(end)).toEqual(['', 'second line', '', 'end']);
      // Rows are filled: the next word would not have fitted.
      const cells = (s: string) =>
        [...s].reduce(
          (n, c) =>
            n + (/\p{Mn}/u.test(c) ? 0 : /[\u3040-\u30ff\u4e00-\u9fff]|\p{Extended_Pictographic}/u.test(c) ? 2 : 1),
          0,
        );
      for (let i = 0; i + 1 < end; i++)
        expect(cells(rows[i]) + 1 + cells(rows[i + 1].split(' ')[0])).toBeGreaterThan(width);
    });
  }

  it('re-fits the live region when the terminal is resized, narrower then wider, leaving nothing behind', () => {
    const term = new FakeTerminal(80, 30);
    const r = createTerminalRenderer({ out: term, live: true });
    const text = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    r.update(view([answer('First line.', false, 't0'), answer(text, true, 't1')]));
    term.resize(40);
    r.resize();
    expect(Math.max(...term.rowWidths())).toBeLessThanOrEqual(40);
    term.resize(100);
    r.resize();
    r.update(view([answer('First line.', false, 't0'), answer(`${text} done`, false, 't1')]));
    r.finish(undefined, 'end');
    expect(term.screen()).toBe(['First line.', '', ...greedyWrap(`${text} done`, 100), '', 'end'].join('\n'));
    const narrow = new FakeTerminal(80, 30);
    const n = createTerminalRenderer({ out: narrow, live: true });
    n.update(view([answer(text, true)], { phase: 'waiting' }));
    narrow.resize(30);
    n.resize();
    n.update(view([answer(`${text} done`, false)]));
    n.finish(undefined, 'end');
    expect(narrow.screen()).toBe([...greedyWrap(`${text} done`, 30), '', 'end'].join('\n'));
  });
});

describe('terminal renderer: redraws at most every minRedrawMs', () => {
  it('draws the first view at once, coalesces the next ones, and flushes them before a prompt', () => {
    vi.useFakeTimers();
    try {
      const term = new FakeTerminal(80, 24);
      const writes: string[] = [];
      const out = { columns: 80, rows: 24, write: (chunk: string) => (writes.push(chunk), term.write(chunk)) };
      const r = createTerminalRenderer({ out, live: true, minRedrawMs: 50 });
      r.update(view([answer('one', true)]));
      const afterFirst = writes.length;
      for (const text of ['one two', 'one two three', 'one two three\nfour']) r.update(view([answer(text, true)]));
      expect(writes.length).toBe(afterFirst);
      vi.advanceTimersByTime(50);
      expect(writes.length).toBe(afterFirst + 1);
      expect(term.screen()).toMatch(/^one two three\nfour/);
      r.update(view([answer('one two three\nfour\nfive\n', true)]));
      r.suspend();
      // The pending view was drawn before the prompt: its finished lines are on screen for good.
      expect(term.screen()).toBe('one two three\nfour\nfive');
      r.resume();
      r.finish(view([answer('one two three\nfour\nfive\n', false)]), 'end');
      vi.advanceTimersByTime(100);
      expect(term.screen()).toBe('one two three\nfour\nfive\n\nend');
    } finally {
      vi.useRealTimers();
    }
  });
});
