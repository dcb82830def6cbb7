// A file change as the page shows it before approval: the unified diff from app/ui/file-diff.ts,
// line by line (hunk headers, added and removed lines in colour, notes), complete — a long diff
// scrolls in its box, in chunks that skip layout while out of view. Hidden characters are shown.
import type { DiffLine, FileDiff } from '../ui/file-diff.js';
import { h } from './dom.js';
import { appendRevealed } from './revealed-text.js';

/** Diff lines per chunk (each chunk is laid out only when scrolled into view). */
const CHUNK_LINES = 200;
const LINE_PX = 18;

const MARKER: Record<DiffLine['kind'], string> = { hunk: '', add: '+', remove: '-', context: ' ', note: '\\ ' };

/** "new file, 8 lines" / "+3 −2 lines" / "no change". */
export function diffSummary(diff: FileDiff): string {
  if (diff.unchanged) return 'no change';
  const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;
  if (diff.change === 'create') return `new file, ${lines(diff.added)}`;
  const verb = diff.change === 'overwrite' ? 'overwrites the file' : 'edits the file';
  return `${verb}: +${diff.added} −${diff.removed} ${diff.added + diff.removed === 1 ? 'line' : 'lines'}`;
}

/** The diff's lines as DOM (a `pre` of chunks of line elements). */
export function renderDiff(diff: FileDiff): HTMLElement {
  const pre = h('pre', { class: 'diff', 'data-testid': 'diff', tabindex: 0, 'aria-label': `Diff of ${diff.path}` });
  for (let start = 0; start < diff.lines.length; start += CHUNK_LINES) {
    const lines = diff.lines.slice(start, start + CHUNK_LINES);
    // The first chunk is in view at once; later ones are laid out when scrolled to.
    const chunk = h('span', { class: start === 0 ? 'chunk' : 'chunk lazy' });
    if (start > 0) chunk.style.containIntrinsicBlockSize = `auto ${lines.length * LINE_PX}px`;
    for (const line of lines) {
      const el = h('span', { class: `diff-line ${line.kind}`, 'data-kind': line.kind });
      appendRevealed(el, `${MARKER[line.kind]}${line.text}`, { keepTabs: true });
      chunk.append(el);
    }
    pre.append(chunk);
  }
  return pre;
}
