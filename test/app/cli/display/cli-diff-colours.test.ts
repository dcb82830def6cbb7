// A diff as a person sees it in a terminal (an xterm.js emulator): added lines on green, removed
// lines on red, and the code on them in its language's colours; a file of no known language and a
// line with hidden characters keep plain text on the green/red. The pager shows these same lines
// (approval-flow.ts pipes the card's lines into it), so the colours are the same there.
import { describe, expect, it } from 'vitest';
import { createStyle } from '../../../../app/cli/display/ansi-style.js';
import { approvalCard } from '../../../../app/cli/approval/approval-card.js';
import { languageOfPath } from '../../../../app/cli/display/code-colours.js';
import { xtermScreen } from '../../../support/xterm-screen.js';

const colour = createStyle(true);

async function screenOf(path: string, before: string, after: string) {
  const card = approvalCard(
    { name: 'write_to_file', params: { path, content: after } },
    { ok: true, change: { path, change: 'overwrite', before, after } },
    colour,
  );
  const screen = xtermScreen(80, 30);
  screen.out.write(`${card.lines.join('\n')}\n`);
  const rows = await screen.lines();
  const cell = (text: string) => {
    const row = rows.findIndex((l) => l.includes(text));
    expect(row, `"${text}" on screen`).toBeGreaterThanOrEqual(0);
    const c = screen.term.buffer.active.getLine(row)!.getCell(rows[row]!.indexOf(text))!;
    return { fg: c.isFgPalette() ? c.getFgColor() : -1, bg: c.isBgPalette() ? c.getBgColor() : -1 };
  };
  return { rows, cell };
}

describe('diff colours', () => {
  it('colours a TypeScript change by its language on top of green and red', async () => {
    const { cell } = await screenOf('src/a.ts', 'let old = 1;\n', 'const fresh = "hi";\n');
    // The keyword in the language's colour (blue), on the added line's green background.
    expect(cell('const')).toEqual({ fg: 4, bg: 22 });
    // The string literal green, on the same background.
    expect(cell('"hi"').fg).toBe(2);
    expect(cell('"hi"').bg).toBe(22);
    // The removed line: its keyword blue on red.
    expect(cell('let')).toEqual({ fg: 4, bg: 52 });
    // The sign itself stays green / red.
    expect(cell('+ const').fg).toBe(2);
    expect(cell('- let').fg).toBe(1);
  });

  it('leaves the code of an unknown language plain on the green', async () => {
    const { cell } = await screenOf('notes.unknownext', 'a\n', 'const b\n');
    expect(cell('const b')).toEqual({ fg: -1, bg: 22 });
  });

  it('keeps a line with hidden characters free of language colours, its marks inverse', async () => {
    const { rows, cell } = await screenOf('a.js', 'ok\n', 'if (admin\u202E) {}\n');
    expect(rows.some((r) => r.includes('if (admin⟨U+202E RLO⟩) {}'))).toBe(true);
    expect(cell('if (admin').fg).toBe(-1);
  });

  it('knows a file language by extension or name', () => {
    expect(languageOfPath('src/index.ts')).toBe('ts');
    expect(languageOfPath('tools/run.py')).toBe('py');
    expect(languageOfPath('Makefile')).toBe('makefile');
    expect(languageOfPath('README')).toBeUndefined();
    expect(languageOfPath('a.unknownext')).toBeUndefined();
  });
});
