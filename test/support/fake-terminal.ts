/**
 * A tiny terminal emulator for renderer tests: understands the few sequences the CLI writes
 * (\r, \n, cursor up, erase below, colours, cursor show/hide) and keeps the screen as cells, so
 * tests assert what a person would see, not the bytes. Wide characters (CJK, emoji) take two
 * cells and combining marks none, by its own small width table (independent of string-width,
 * which the code under test uses); a character that does not fit the row's end wraps to the
 * next row, as terminals do. `resize` reflows rows the way most terminals (VTE, iTerm2, kitty,
 * Windows Terminal) do when the width shrinks.
 */
export class FakeTerminal {
  readonly isTTY = true;
  /** Rows of cells; a wide character's second cell is ''. */
  private grid: string[][] = [[]];
  /** Whether a row continues the row above (the terminal wrapped it, no line feed between). */
  private soft: boolean[] = [false];
  row = 0;
  col = 0;
  raw = '';

  constructor(
    public columns = 80,
    public rows = 24,
  ) {}

  /** The cursor may not leave the visible screen (its last `rows` rows). */
  private get top(): number {
    return Math.max(0, this.grid.length - this.rows);
  }

  private newRow(soft: boolean): void {
    this.row++;
    this.col = 0;
    if (this.grid.length <= this.row) {
      this.grid.push([]);
      this.soft.push(soft);
    } else if (soft) this.soft[this.row] = true;
  }

  private put(char: string): void {
    const width = charWidth(char);
    if (width === 0) {
      // A combining mark joins the character before it.
      const cells = this.grid[this.row];
      let at = Math.min(this.col, cells.length) - 1;
      while (at > 0 && cells[at] === '') at--;
      if (at >= 0) cells[at] += char;
      return;
    }
    if (this.col + width > this.columns) this.newRow(true);
    const cells = this.grid[this.row];
    while (cells.length < this.col) cells.push(' ');
    cells[this.col] = char;
    if (width === 2) cells[this.col + 1] = '';
    this.col += width;
  }

  write(chunk: string): boolean {
    this.raw += chunk;
    const chars = [...chunk];
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i];
      if (c === '\x1b') {
        const match = /^\x1b\[([0-9;?]*)([A-Za-z])/.exec(chars.slice(i, i + 16).join(''));
        if (!match) throw new Error(`unknown escape at ${JSON.stringify(chars.slice(i, i + 8).join(''))}`);
        i += match[0].length - 1;
        const [, arg, command] = match;
        if (command === 'A') this.row = Math.max(this.top, this.row - Number(arg || 1));
        else if (command === 'J') {
          this.grid[this.row] = this.grid[this.row].slice(0, this.col);
          this.grid.length = this.row + 1;
          this.soft.length = this.row + 1;
        } else if (command === 'K' && arg === '2') this.grid[this.row] = [];
        else if (command === 'G') this.col = Number(arg || 1) - 1;
        else if (command !== 'm' && command !== 'h' && command !== 'l')
          throw new Error(`unexpected escape ${match[0]}`);
      } else if (c === '\r') this.col = 0;
      else if (c === '\n') this.newRow(false);
      else this.put(c);
    }
    return true;
  }

  /**
   * A new size: rows that the terminal wrapped itself are joined back into their line, and every
   * line is wrapped again at the new width; the cursor keeps its place in its line.
   */
  resize(columns: number, rows = this.rows): void {
    const lines: { cells: string[]; cursorAt?: number }[] = [];
    for (let r = 0; r < this.grid.length; r++) {
      const cells = this.grid[r];
      if (this.soft[r] && lines.length > 0) {
        const line = lines[lines.length - 1];
        if (r === this.row) line.cursorAt = line.cells.length + this.col;
        line.cells.push(...cells);
      } else lines.push({ cells: [...cells], ...(r === this.row ? { cursorAt: this.col } : {}) });
    }
    this.columns = columns;
    this.rows = rows;
    this.grid = [];
    this.soft = [];
    for (const line of lines) {
      const start = this.grid.length;
      let row: string[] = [];
      let width = 0;
      const rowsOfLine: string[][] = [];
      for (let i = 0; i < line.cells.length; i++) {
        const cell = line.cells[i];
        if (cell === '') continue;
        const w = line.cells[i + 1] === '' ? 2 : 1;
        if (width + w > columns) {
          rowsOfLine.push(row);
          row = [];
          width = 0;
        }
        row.push(cell);
        if (w === 2) row.push('');
        width += w;
      }
      rowsOfLine.push(row);
      rowsOfLine.forEach((cells, k) => {
        this.grid.push(cells);
        this.soft.push(k > 0);
      });
      if (line.cursorAt !== undefined) {
        this.row = start + Math.min(rowsOfLine.length - 1, Math.floor(line.cursorAt / columns));
        this.col = line.cursorAt - (this.row - start) * columns;
      }
    }
    if (this.grid.length === 0) {
      this.grid.push([]);
      this.soft.push(false);
    }
  }

  /** The screen as text, one row a line, trailing blank rows dropped. */
  screen(): string {
    const lines = this.grid.map((cells) => cells.filter((c) => c !== '').join(''));
    while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
    return lines.join('\n');
  }

  /** Each row's width in cells: what a test checks against the terminal's columns. */
  rowWidths(): number[] {
    return this.grid.map((cells) => {
      let w = cells.length;
      while (w > 0 && (cells[w - 1] === ' ' || cells[w - 1] === undefined)) w--;
      return w;
    });
  }
}

const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
const ZERO = /\p{Mn}|\p{Me}|[\u200b-\u200f]|[\ufe00-\ufe0f]/u;

/** Cells a character takes: 0 for combining marks, 2 for East Asian wide and emoji, else 1. */
function charWidth(char: string): number {
  if (ZERO.test(char)) return 0;
  return WIDE.test(char) ? 2 : 1;
}

/** A pipe: collects everything written. */
export class FakePipe {
  text = '';
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}
