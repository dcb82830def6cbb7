// A file change as a unified diff a UI can draw line by line (the CLI in colour, the web page as
// DOM): computed by the `diff` library (Myers' algorithm), three lines of context, a new file
// shown whole. Isomorphic: no node modules.
import { structuredPatch } from 'diff';
import type { FileChange } from '../tools/files/change-preview.js';

export type { FileChange } from '../tools/files/change-preview.js';

/** One line of a unified diff: a hunk header, an added, removed or unchanged line, or a note. */
export interface DiffLine {
  kind: 'hunk' | 'add' | 'remove' | 'context' | 'note';
  /** The line's text without its marker and line ending (a hunk's `@@ -a,b +c,d @@`, a note's words). */
  text: string;
  /** 1-based line number in the old file (removed and context lines). */
  oldLine?: number;
  /** 1-based line number in the new file (added and context lines). */
  newLine?: number;
}

export interface FileDiff extends Pick<FileChange, 'path' | 'change'> {
  lines: DiffLine[];
  added: number;
  removed: number;
  /** Nothing would change. */
  unchanged: boolean;
}

export interface FileDiffOptions {
  /** Unchanged lines around each change (default 3). */
  context?: number;
  /** Give up on a minimal diff after this many milliseconds and show the whole old and new text (default 500). */
  timeoutMs?: number;
}

const DEFAULT_CONTEXT = 3;
const DEFAULT_TIMEOUT_MS = 500;

const withoutCr = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line);
const usesCrlf = (text: string | undefined) => text?.includes('\r\n');

/** The unified diff of a change; a diff too slow to compute falls back to "every old line removed, every new line added". */
export function fileDiff(change: FileChange, options: FileDiffOptions = {}): FileDiff {
  const before = change.before ?? '';
  const base = { path: change.path, change: change.change };
  if (change.before !== undefined && before === change.after) {
    return {
      ...base,
      lines: [{ kind: 'note', text: 'no change: the file already has this content' }],
      added: 0,
      removed: 0,
      unchanged: true,
    };
  }
  const patch = structuredPatch(change.path, change.path, before, change.after, undefined, undefined, {
    context: options.context ?? DEFAULT_CONTEXT,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const lines: DiffLine[] = [];
  if (patch === undefined) {
    lines.push({
      kind: 'note',
      text: 'the changes were too many to line up in time: shown as the whole old text removed and the whole new text added',
    });
    lines.push(...wholeReplacement(before, change.after));
  } else {
    for (const hunk of patch.hunks) {
      lines.push({ kind: 'hunk', text: hunkHeader(hunk) });
      let oldLine = hunk.oldStart;
      let newLine = hunk.newStart;
      for (const raw of hunk.lines) {
        const marker = raw[0];
        const text = withoutCr(raw.slice(1));
        if (marker === '+') lines.push({ kind: 'add', text, newLine: newLine++ });
        else if (marker === '-') lines.push({ kind: 'remove', text, oldLine: oldLine++ });
        else if (marker === ' ') lines.push({ kind: 'context', text, oldLine: oldLine++, newLine: newLine++ });
        else lines.push({ kind: 'note', text: 'no newline at end of file' });
      }
    }
  }
  if (change.after === '')
    lines.push({
      kind: 'note',
      text: change.before === undefined ? 'the new file is empty' : 'the file becomes empty',
    });
  if (
    change.before !== undefined &&
    change.before !== '' &&
    change.after !== '' &&
    usesCrlf(change.before) !== usesCrlf(change.after)
  ) {
    lines.push({
      kind: 'note',
      text: `line endings change from ${usesCrlf(change.before) ? 'CRLF to LF' : 'LF to CRLF'}`,
    });
  }
  const added = lines.filter((l) => l.kind === 'add').length;
  const removed = lines.filter((l) => l.kind === 'remove').length;
  return { ...base, lines, added, removed, unchanged: false };
}

/** `@@ -a,b +c,d @@`; an empty range starts at the line before it, as in GNU diff (`-0,0` for a new file). */
function hunkHeader(h: { oldStart: number; oldLines: number; newStart: number; newLines: number }): string {
  const start = (at: number, count: number) => (count === 0 ? at - 1 : at);
  return `@@ -${start(h.oldStart, h.oldLines)},${h.oldLines} +${start(h.newStart, h.newLines)},${h.newLines} @@`;
}

function wholeReplacement(before: string, after: string): DiffLine[] {
  const split = (text: string) =>
    text === ''
      ? []
      : text
          .replace(/\r?\n$/, '')
          .split('\n')
          .map(withoutCr);
  const removed = split(before);
  const added = split(after);
  return [
    { kind: 'hunk', text: hunkHeader({ oldStart: 1, oldLines: removed.length, newStart: 1, newLines: added.length }) },
    ...removed.map((text, i): DiffLine => ({ kind: 'remove', text, oldLine: i + 1 })),
    ...added.map((text, i): DiffLine => ({ kind: 'add', text, newLine: i + 1 })),
  ];
}

/** The diff as unified-diff text (`--- a/path`, `+++ b/path`, hunks), for a pager, a log or a copy. */
export function formatUnifiedDiff(diff: FileDiff): string {
  const out = [`--- ${diff.change === 'create' ? '/dev/null' : `a/${diff.path}`}`, `+++ b/${diff.path}`];
  for (const line of diff.lines) {
    if (line.kind === 'hunk') out.push(line.text);
    else if (line.kind === 'add') out.push(`+${line.text}`);
    else if (line.kind === 'remove') out.push(`-${line.text}`);
    else if (line.kind === 'context') out.push(` ${line.text}`);
    else out.push(`\\ ${line.text}`);
  }
  return `${out.join('\n')}\n`;
}
