// A file diff (app/ui/file-diff.ts) as coloured terminal lines: a line-number gutter, `+` lines on
// green, `-` lines on red, the code in its language's colours on top (code-colours.ts), hunk
// headers cyan, notes dim; hidden characters in the content revealed and marked (such a line is
// left without language colours), tabs expanded so columns are right.
import type { FileDiff } from '../../ui/file-diff.js';
import { countHiddenCharacters, revealInvisible } from '../../ui/visible-text.js';
import type { Style } from './ansi-style.js';
import { columnsOf } from './screen-fit.js';
import { highlightCode, languageOfPath } from './code-colours.js';
import wrapAnsi from 'wrap-ansi';

/** The mark that starts a diff line's continuation row when the line is wider than the terminal. */
export const DIFF_CONTINUATION_MARK = '↪';

/** Dark green and dark red backgrounds (256 colours) under added and removed lines. */
const ADDED_BACKGROUND = '\x1b[48;5;22m';
const REMOVED_BACKGROUND = '\x1b[48;5;52m';
const DEFAULT_BACKGROUND = '\x1b[49m';

const TAB_STOP = 4;

/** Tabs as spaces to the next multiple of TAB_STOP (the terminal's own stops would not match our wrapping). */
export function expandTabs(text: string): string {
  if (!text.includes('\t')) return text;
  let out = '';
  for (const c of text) out += c === '\t' ? ' '.repeat(TAB_STOP - ([...out].length % TAB_STOP)) : c;
  return out;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line saying what the change does: "creates notes.md (12 lines)", "overwrites a.ts: +3 −2 lines". */
export function describeFileChange(diff: FileDiff): string {
  if (diff.unchanged) return `leaves ${diff.path} as it is (same content)`;
  if (diff.change === 'create') return `creates ${diff.path} (${plural(diff.added, 'line')})`;
  return `${diff.change === 'overwrite' ? 'overwrites' : 'edits'} ${diff.path}: +${diff.added} −${diff.removed} lines`;
}

/**
 * The diff's lines for the terminal, each indented by two spaces. Given `columns`, a line wider
 * than that is cut into rows that fill it, each row after the first starting with
 * {@link DIFF_CONTINUATION_MARK} under the sign (so a break inside a word is always marked).
 */
export function formatDiffLines(diff: FileDiff, style: Style, columns?: number): string[] {
  const numbers = diff.lines.map((l) => l.newLine ?? l.oldLine ?? 0);
  const gutter = String(Math.max(1, ...numbers)).length;
  const language = languageOfPath(diff.path);
  const content = (text: string) => {
    // A line with hidden characters (controls, bidi overrides, …) keeps only their marks: they must stand out.
    if (countHiddenCharacters(text, { keepTabs: true }) > 0)
      return expandTabs(revealInvisible(text, { keepTabs: true, mark: (label) => style.inverse(label) }));
    return highlightCode(expandTabs(text), language, style);
  };
  const onBackground = (background: string, text: string) =>
    style.enabled && background !== '' ? `${background}${text}${DEFAULT_BACKGROUND}` : text;
  /** `  <number> <sign> <code>`, cut into rows of `columns` with continuation marks. */
  const codeRow = (number: number | undefined, sign: string, background: string, text: string): string[] => {
    const gutterText = style.dim(String(number).padStart(gutter));
    const code = content(text);
    const room = columns === undefined ? Infinity : columns - (gutter + 5);
    if (room < 4 || columnsOf(code) <= room) return [`  ${gutterText} ${onBackground(background, `${sign} ${code}`)}`];
    const pieces = wrapAnsi(code, room, { hard: true, wordWrap: false, trim: false }).split('\n');
    return pieces.map((piece, i) =>
      i === 0
        ? `  ${gutterText} ${onBackground(background, `${sign} ${piece}`)}`
        : `  ${' '.repeat(gutter)} ${onBackground(background, `${style.dim(DIFF_CONTINUATION_MARK)} ${piece}`)}`,
    );
  };
  return diff.lines.flatMap((line) => {
    switch (line.kind) {
      case 'hunk':
        return `  ${style.cyan(line.text)}`;
      case 'note':
        return `  ${style.dim(`\\ ${line.text}`)}`;
      case 'add':
        return codeRow(line.newLine, style.green('+'), ADDED_BACKGROUND, line.text);
      case 'remove':
        return codeRow(line.oldLine, style.red('-'), REMOVED_BACKGROUND, line.text);
      case 'context':
        return codeRow(line.newLine, ' ', '', line.text);
    }
  });
}
