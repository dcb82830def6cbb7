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

/**
 * A PTY session's raw output (test/support/pty-session.ts) played into an emulator of
 * `columns` × `rows`, resized wherever the session's terminal was: its rows, scrollback
 * included (`baseY` of them have scrolled off the top), as a person scrolling back sees them.
 */
export async function replayedScreen(raw: string, columns: number, rows: number) {
  const { term, lines } = xtermScreen(columns, rows);
  await new Promise<void>((resolve) => {
    replayInto(term, raw);
    term.write('', resolve);
  });
  return { rows: await lines(), baseY: term.buffer.active.baseY, term };
}
