// An xterm.js emulator (@xterm/headless) the renderer writes into, read back as the rows a person
// sees: the way the screen tests check wrapping, colours and what is left on screen.
import xterm from '@xterm/headless';
import { replayInto } from './pty-session.js';

const { Terminal } = xterm as unknown as { Terminal: typeof import('@xterm/headless').Terminal };

/** A terminal `columns` wide: `out` for the renderer, `lines()` for the rows (scrollback included). */
export function xtermScreen(columns = 80, rows = 40) {
  const term = new Terminal({ cols: columns, rows, allowProposedApi: true, scrollback: 5000 });
  let pending = Promise.resolve();
  const out = {
    columns,
    rows,
    isTTY: true,
    write: (chunk: string) => {
      // The renderer writes \n; a terminal's line discipline makes it \r\n.
      const data = chunk.replaceAll('\n', '\r\n');
      pending = pending.then(() => new Promise<void>((resolve) => term.write(data, resolve)));
      return true;
    },
  };
  const lines = async () => {
    await pending;
    const buffer = term.buffer.active;
    const rowsOut: string[] = [];
    for (let i = 0; i < buffer.length; i++) rowsOut.push(buffer.getLine(i)!.translateToString(true));
    while (rowsOut.length > 0 && rowsOut.at(-1) === '') rowsOut.pop();
    return rowsOut;
  };
  /** Whether row `index` continues the row above (the terminal wrapped it, no line feed between). */
  const wrapped = async (index: number) => {
    await pending;
    return term.buffer.active.getLine(index)?.isWrapped ?? false;
  };
  return { out, lines, wrapped, term };
}

type XtermTerminal = InstanceType<typeof Terminal>;

/** ED — erase in display: 0 (below the cursor, also written without a number) or 2 (all). */
// eslint-disable-next-line no-control-regex
const ERASE_IN_DISPLAY = /\x1b\[([02]?)J/g;

/**
 * tmux (since 3.3, option `scroll-on-clear`, on by default) moves the screen's used rows into
 * its scrollback when the whole screen is cleared: ED 2, or ED 0 with the cursor at the top-left
 * corner (tmux's screen_write_clearendofscreen). xterm.js does not, so a redraw that erases from
 * the top row would look clean here and leave copies in tmux's history. This writes `data` into
 * `term` doing what tmux does at those points: the used rows are scrolled off before the erase.
 */
async function writeLikeTmux(term: XtermTerminal, data: string): Promise<void> {
  const write = (chunk: string) => new Promise<void>((resolve) => term.write(chunk, resolve));
  let at = 0;
  for (const match of data.matchAll(ERASE_IN_DISPLAY)) {
    await write(data.slice(at, match.index));
    const buffer = term.buffer.active;
    if (match[1] === '2' || (buffer.cursorX === 0 && buffer.cursorY === 0)) {
      let used = 0;
      for (let row = 0; row < term.rows; row++)
        if (buffer.getLine(buffer.baseY + row)?.translateToString(true) !== '') used = row + 1;
      if (used > 0) {
        const { cursorX, cursorY } = buffer;
        await write(`\x1b[${term.rows};1H${'\n'.repeat(used)}\x1b[${cursorY + 1};${cursorX + 1}H`);
      }
    }
    await write(match[0]);
    at = match.index + match[0].length;
  }
  await write(data.slice(at));
}

/**
 * A PTY session's raw output (test/support/pty-session.ts) played into an emulator of
 * `columns` × `rows`, resized wherever the session's terminal was: its rows, scrollback
 * included (`baseY` of them have scrolled off the top), as a person scrolling back sees them.
 * `before` is written first (a shell's earlier output, to start the CLI lower than the top
 * row); `tmux` clears the screen as tmux does (into its scrollback, see writeLikeTmux).
 */
export async function replayedScreen(
  raw: string,
  columns: number,
  rows: number,
  options: { before?: string; tmux?: boolean } = {},
) {
  const { term, lines } = xtermScreen(columns, rows);
  let chain = Promise.resolve();
  const feed = (data: string) =>
    options.tmux ? writeLikeTmux(term, data) : new Promise<void>((resolve) => term.write(data, resolve));
  if (options.before) chain = chain.then(() => feed(options.before!));
  replayInto(
    {
      write: (chunk: string) => {
        chain = chain.then(() => feed(chunk));
      },
      resize: (c: number, r: number) => {
        chain = chain.then(() => term.resize(c, r));
      },
    },
    raw,
  );
  await chain;
  return { rows: await lines(), baseY: term.buffer.active.baseY, term };
}
