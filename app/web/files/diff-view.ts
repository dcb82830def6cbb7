// A file change as the page shows it before approval: the unified diff from app/ui/file-diff.ts,
// line by line (hunk headers, added and removed lines in colour, notes), complete — a long diff
// scrolls in its box, in chunks that skip layout while out of view. Hidden characters are shown.
import type { DiffLine, FileDiff } from '../../ui/file-diff.js';
import { h } from '../dom.js';
import { appendRevealed } from '../conversation/revealed-text.js';

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

/** Chunks filled per task after the first (the rest of a long diff fills in over a few tasks). */
const CHUNKS_PER_TASK = 8;

export interface DiffView {
  /** A `pre` of chunks, each a few runs of lines of one kind (hunk, added, removed, context, note). */
  element: HTMLElement;
  /** Resolves once every line is in the element (the first chunk is there at once). */
  ready: Promise<void>;
}

function fillChunk(chunk: HTMLElement, lines: readonly DiffLine[]): void {
  // One element per run of lines of a kind (a new file is one run per chunk): few elements to style.
  let run: HTMLElement | undefined;
  let kind: DiffLine['kind'] | undefined;
  for (const line of lines) {
    if (!run || line.kind !== kind) {
      kind = line.kind;
      run = chunk.appendChild(h('span', { class: `diff-run ${kind}`, 'data-kind': kind }));
    } else {
      appendRevealed(run, '\n');
    }
    appendRevealed(run, `${MARKER[line.kind]}${line.text}`, { keepTabs: true });
  }
}

/** The diff as DOM: the first chunk at once, the others (sized already) filled a few per task, so a long diff never blocks the page. */
export function renderDiff(diff: FileDiff): DiffView {
  const element = h('pre', { class: 'diff', 'data-testid': 'diff', tabindex: 0, 'aria-label': `Diff of ${diff.path}` });
  const pending: Array<[HTMLElement, DiffLine[]]> = [];
  for (let start = 0; start < diff.lines.length; start += CHUNK_LINES) {
    const lines = diff.lines.slice(start, start + CHUNK_LINES);
    // The first chunk is in view at once; later ones are laid out when scrolled to.
    const chunk = element.appendChild(h('span', { class: start === 0 ? 'chunk' : 'chunk lazy' }));
    if (start === 0) fillChunk(chunk, lines);
    else {
      chunk.style.containIntrinsicBlockSize = `auto ${lines.length * LINE_PX}px`;
      pending.push([chunk, lines]);
    }
  }
  element.dataset.state = pending.length === 0 ? 'complete' : 'filling';
  const ready = (async () => {
    while (pending.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      for (const [chunk, lines] of pending.splice(0, CHUNKS_PER_TASK)) fillChunk(chunk, lines);
    }
    element.dataset.state = 'complete';
  })();
  return { element, ready };
}
