/**
 * A tiny terminal emulator for renderer tests: understands the few sequences the CLI writes
 * (\r, \n, cursor up, erase below, colours, cursor show/hide) and keeps the screen's lines, so
 * tests assert what a person would see, not the bytes.
 */
export class FakeTerminal {
  readonly isTTY = true;
  lines: string[] = [''];
  row = 0;
  col = 0;
  raw = '';

  constructor(
    readonly columns = 80,
    readonly rows = 24,
  ) {}

  /** The cursor may not leave the visible screen (its last `rows` lines). */
  private get top(): number {
    return Math.max(0, this.lines.length - this.rows);
  }

  write(chunk: string): boolean {
    this.raw += chunk;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (c === '\x1b') {
        const match = /^\x1b\[([0-9;?]*)([A-Za-z])/.exec(chunk.slice(i));
        if (!match) throw new Error(`unknown escape at ${JSON.stringify(chunk.slice(i, i + 8))}`);
        i += match[0].length - 1;
        const [, arg, command] = match;
        if (command === 'A') this.row = Math.max(this.top, this.row - Number(arg || 1));
        else if (command === 'J') {
          this.lines[this.row] = this.lines[this.row].slice(0, this.col);
          this.lines.length = this.row + 1;
        } else if (command !== 'm' && command !== 'h' && command !== 'l') throw new Error(`unexpected escape ${match[0]}`);
      } else if (c === '\r') this.col = 0;
      else if (c === '\n') {
        this.row++;
        this.col = 0;
        if (this.lines.length <= this.row) this.lines.push('');
      } else {
        if (this.col >= this.columns) {
          this.row++;
          this.col = 0;
          if (this.lines.length <= this.row) this.lines.push('');
        }
        const line = this.lines[this.row].padEnd(this.col, ' ');
        this.lines[this.row] = line.slice(0, this.col) + c + line.slice(this.col + 1);
        this.col++;
      }
    }
    return true;
  }

  /** The screen as text, trailing blank lines dropped. */
  screen(): string {
    const lines = [...this.lines];
    while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
    return lines.join('\n');
  }
}

/** A pipe: collects everything written. */
export class FakePipe {
  text = '';
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}
