// A file diff (app/ui/file-diff.ts) as coloured terminal lines: a line-number gutter, `+` green,
// `-` red, hunk headers cyan, notes dim; hidden characters in the content revealed and marked,
// tabs expanded so columns are right.
import type { FileDiff } from '../ui/file-diff.js';
import { revealInvisible } from '../ui/visible-text.js';
import type { Style } from './ansi-style.js';

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

/** The diff's lines for the terminal, each indented by two spaces. */
export function formatDiffLines(diff: FileDiff, style: Style): string[] {
  const numbers = diff.lines.map((l) => l.newLine ?? l.oldLine ?? 0);
  const gutter = String(Math.max(1, ...numbers)).length;
  const content = (text: string) =>
    expandTabs(revealInvisible(text, { keepTabs: true, mark: (label) => style.inverse(label) }));
  return diff.lines.map((line) => {
    switch (line.kind) {
      case 'hunk':
        return `  ${style.cyan(line.text)}`;
      case 'note':
        return `  ${style.dim(`\\ ${line.text}`)}`;
      case 'add':
        return `  ${style.dim(String(line.newLine).padStart(gutter))} ${style.green(`+ ${content(line.text)}`)}`;
      case 'remove':
        return `  ${style.dim(String(line.oldLine).padStart(gutter))} ${style.red(`- ${content(line.text)}`)}`;
      case 'context':
        return `  ${style.dim(String(line.newLine).padStart(gutter))}   ${content(line.text)}`;
    }
  });
}
