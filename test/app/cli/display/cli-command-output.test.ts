// What a command leaves under its card when it is stopped before its result could carry its
// output: the lines it printed live, whatever the chunk boundaries, then the "stopped" mark.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatStoppedOutput, LiveCommandOutput } from '../../../../app/cli/display/command-output-view.js';
import { createStyle } from '../../../../app/cli/display/ansi-style.js';

const plain = createStyle(false);

describe("a stopped command's output", () => {
  it('keeps every line printed live, wherever the chunks were cut', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z ]{0,12}$/), { minLength: 1, maxLength: 10 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (lines, cuts) => {
          const text = `${lines.join('\n')}\n`;
          const live = new LiveCommandOutput();
          let at = 0;
          for (const cut of [...cuts.map((c) => c % (text.length + 1))].sort((a, b) => a - b)) {
            live.append('c', text.slice(at, Math.max(at, cut)));
            at = Math.max(at, cut);
          }
          live.append('c', text.slice(at));
          const kept = live.keptOutput('c');
          expect(kept).toEqual({ lines, earlierDropped: false });
          const shown = formatStoppedOutput(kept, plain, 80);
          expect(shown.at(-1)).toMatch(/^ {4}■ stopped/);
          expect(shown.slice(0, -1)).toEqual(lines.map((l) => `    ${l}`));
        },
      ),
    );
  });

  it('says when earlier output was dropped, and shows nothing for a command that printed nothing', () => {
    const live = new LiveCommandOutput();
    for (let i = 0; i < 3000; i++) live.append('c', `line ${i}\n`);
    const kept = live.keptOutput('c');
    expect(kept.earlierDropped).toBe(true);
    expect(kept.lines.at(-1)).toBe('line 2999');
    expect(kept.lines[0]).toMatch(/^line \d+$/);
    const shown = formatStoppedOutput(kept, plain, 80);
    expect(shown[0]).toBe('    … earlier output not kept …');
    expect(shown).toContain('    line 2999');
    expect(formatStoppedOutput(new LiveCommandOutput().keptOutput('none'), plain, 80)).toEqual([]);
  });
});
