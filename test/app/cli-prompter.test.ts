import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { createTerminalPrompter } from '../../app/cli/terminal-prompter.js';
import { approvalQuestion } from '../../app/cli/approval-policy.js';

/** A prompter over in-memory streams; `type` feeds lines as if typed. */
function setup() {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (d: Buffer) => (shown += d.toString()));
  let interrupts = 0;
  const prompter = createTerminalPrompter({ input, output, onInterrupt: () => interrupts++ });
  const typeLater = (...lines: string[]) => {
    let i = 0;
    const next = () => {
      if (i < lines.length) input.write(`${lines[i++]}\n`);
      if (i < lines.length) setImmediate(next);
    };
    setImmediate(next);
  };
  return { prompter, typeLater, shown: () => shown, interrupts: () => interrupts };
}

describe('terminal prompter', () => {
  it('approves on y', async () => {
    const t = setup();
    t.typeLater('y');
    expect(await t.prompter.approve('Write a.txt?', new AbortController().signal)).toEqual({ approved: true });
    expect(t.shown()).toContain('Write a.txt? [y/n]');
  });

  it('asks again on an unclear answer, then takes feedback after n', async () => {
    const t = setup();
    t.typeLater('maybe', 'n', 'use b.txt instead');
    expect(await t.prompter.approve('Write a.txt?', new AbortController().signal)).toEqual({ approved: false, feedback: 'use b.txt instead' });
  });

  it('counts an abort while waiting as a rejection', async () => {
    const t = setup();
    const controller = new AbortController();
    const pending = t.prompter.approve('Run rm -rf?', controller.signal);
    setImmediate(() => controller.abort());
    expect(await pending).toEqual({ approved: false });
  });

  it('lets a follow-up question be answered by option number or text', async () => {
    const t = setup();
    t.typeLater('2');
    expect(await t.prompter.ask('Which file?', ['a.ts', 'b.ts'], new AbortController().signal)).toBe('b.ts');
    expect(t.shown()).toContain('  1. a.ts\n  2. b.ts');
    t.typeLater('neither');
    expect(await t.prompter.ask('Which file?', ['a.ts', 'b.ts'], new AbortController().signal)).toBe('neither');
  });
});

describe('approval question', () => {
  it('shows every line of a command and its hidden characters, never just the first line', () => {
    expect(approvalQuestion('execute_command', { command: 'ls\ntouch PWNED' })).toBe('  │ ls\n  │ touch PWNED\nRun this 2-line command?');
    expect(approvalQuestion('execute_command', { command: 'echo \u202Eok\x1b[2K' })).toBe('  │ echo ⟨U+202E RLO⟩ok⟨U+001B ESC⟩[2K\nRun this command?');
  });
});
