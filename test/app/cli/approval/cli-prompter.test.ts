import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { createTerminalPrompter } from '../../../../app/cli/approval/terminal-prompter.js';
import { readKey } from '../../../../app/cli/approval/key-reader.js';

/** stdin as a terminal: raw mode switchable and recorded. */
function ttyInput() {
  const input = new PassThrough() as PassThrough & {
    isTTY: boolean;
    setRawMode(mode: boolean): void;
    rawModes: boolean[];
  };
  input.isTTY = true;
  input.rawModes = [];
  input.setRawMode = (mode: boolean) => void input.rawModes.push(mode);
  return input;
}

/** A prompter over in-memory streams; `type` feeds keys (raw) or lines (a pipe) one after another. */
function setup(options: { tty?: boolean } = {}) {
  const input = options.tty === false ? new PassThrough() : ttyInput();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (d: Buffer) => (shown += d.toString()));
  let interrupts = 0;
  const prompter = createTerminalPrompter({ input, output, onInterrupt: () => interrupts++, settleMs: 0 });
  const typeLater = (...chunks: string[]) => {
    let i = 0;
    const next = () => {
      if (i < chunks.length) input.write(chunks[i++]);
      if (i < chunks.length) setImmediate(next);
    };
    setImmediate(next);
  };
  return { input, prompter, typeLater, shown: () => shown, interrupts: () => interrupts };
}

const never = () => new AbortController().signal;

describe('terminal prompter: approvals take one key', () => {
  it('approves on y without Enter, in raw mode, and gives the terminal back', async () => {
    const t = setup();
    t.typeLater('y');
    expect(await t.prompter.approve({ question: 'Create a.txt?', tool: 'write_to_file' }, never())).toEqual({
      approved: true,
    });
    expect(t.shown()).toBe('Create a.txt? [y yes · n no · a always for write_to_file this turn] yes\n');
    expect((t.input as ReturnType<typeof ttyInput>).rawModes).toEqual([true, false]);
  });

  it('a: always for this tool', async () => {
    const t = setup();
    t.typeLater('A');
    expect(await t.prompter.approve({ question: 'Run this command?', tool: 'execute_command' }, never())).toEqual({
      approved: true,
      always: true,
    });
    expect(t.shown()).toContain('always (execute_command is approved for the rest of this turn)');
  });

  it('ignores other keys, pastes and escape sequences (an arrow key is not "a"), then takes feedback after n', async () => {
    const t = setup();
    t.typeLater('x', 'yes', '\x1b[A', '\x1b', 'n', 'use b.txt instead\n');
    expect(await t.prompter.approve({ question: 'Create a.txt?', tool: 'write_to_file' }, never())).toEqual({
      approved: false,
      feedback: 'use b.txt instead',
    });
    expect(t.shown()).toMatch(/\] no\n.*Tell the model why/);
  });

  it('v shows the change again, then asks again', async () => {
    const t = setup();
    let views = 0;
    t.typeLater('v', 'y');
    const answer = await t.prompter.approve(
      {
        question: 'Overwrite a.txt?',
        tool: 'write_to_file',
        view: { label: 'view the diff again', show: async () => void views++ },
      },
      never(),
    );
    expect(answer).toEqual({ approved: true });
    expect(views).toBe(1);
    expect(
      t.shown().split('Overwrite a.txt? [y yes · n no · a always for write_to_file this turn · v view the diff again]')
        .length,
    ).toBe(3);
  });

  it('Ctrl-C (raw mode: a byte, not a signal) interrupts and counts as no', async () => {
    const t = setup();
    t.typeLater('\x03');
    expect(await t.prompter.approve({ question: 'Run this command?', tool: 'execute_command' }, never())).toEqual({
      approved: false,
    });
    expect(t.interrupts()).toBe(1);
  });

  it('counts an abort or the end of input while waiting as a rejection', async () => {
    const t = setup();
    const controller = new AbortController();
    const pending = t.prompter.approve({ question: 'Run this command?', tool: 'execute_command' }, controller.signal);
    setImmediate(() => controller.abort());
    expect(await pending).toEqual({ approved: false });
    const e = setup();
    setImmediate(() => e.input.end());
    expect(await e.prompter.approve({ question: 'Run this command?', tool: 'execute_command' }, never())).toEqual({
      approved: false,
    });
  });

  it('from a pipe (no raw mode) the first letter of a line answers', async () => {
    const t = setup({ tty: false });
    t.typeLater('  y\n');
    expect(await t.prompter.approve({ question: 'Create a.txt?', tool: 'write_to_file' }, never())).toEqual({
      approved: true,
    });
  });

  it('lets a follow-up question be answered by option number or text', async () => {
    const t = setup();
    t.typeLater('2\n');
    expect(await t.prompter.ask('Which file?', ['a.ts', 'b.ts'], never())).toBe('b.ts');
    expect(t.shown()).toContain('  1. a.ts\n  2. b.ts');
    t.typeLater('neither\n');
    expect(await t.prompter.ask('Which file?', ['a.ts', 'b.ts'], never())).toBe('neither');
  });
});

describe('readKey', () => {
  it('drops keys typed before the question settled (type-ahead never approves)', async () => {
    const input = ttyInput();
    let clock = 1_000;
    const pending = readKey(input, ['y', 'n'], never(), { onInterrupt: () => {}, settleMs: 150, now: () => clock });
    input.write('y'); // typed ahead: arrives at once
    await new Promise((r) => setImmediate(r));
    clock += 200;
    input.write('n');
    expect(await pending).toBe('n');
  });
});
