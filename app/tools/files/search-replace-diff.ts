/** One edit of Cline's replace_in_file diff: the exact text to find and what replaces it. */
export interface SearchReplaceBlock {
  search: string;
  replace: string;
  /** 1-based line of the diff where the block's SEARCH marker stands, for error messages. */
  line: number;
}

export type DiffError = { code: 'bad-diff'; message: string } | { code: 'search-not-found'; message: string };

// Cline's markers, and the older git-conflict style ones it still accepts.
const SEARCH_MARKER = /^(?:-{3,}|<{3,}) ?SEARCH>?$/;
const DIVIDER_MARKER = /^={3,}$/;
const REPLACE_MARKER = /^(?:\+{3,}|>{3,}) ?REPLACE>?$/;

/** Reads the SEARCH/REPLACE blocks of a diff; a block missing a marker is an error naming its line. */
export function parseSearchReplaceDiff(
  diff: string,
): { ok: true; blocks: SearchReplaceBlock[] } | { ok: false; error: DiffError } {
  const lines = diff.split(/\r?\n/);
  const blocks: SearchReplaceBlock[] = [];
  let phase: 'outside' | 'search' | 'replace' = 'outside';
  let search: string[] = [];
  let replace: string[] = [];
  let start = 0;
  const fail = (message: string) => ({ ok: false as const, error: { code: 'bad-diff' as const, message } });
  for (let i = 0; i < lines.length; i++) {
    const marker = lines[i].trimEnd();
    if (phase === 'outside') {
      if (SEARCH_MARKER.test(marker)) {
        phase = 'search';
        search = [];
        start = i + 1;
      } else if (DIVIDER_MARKER.test(marker) || REPLACE_MARKER.test(marker)) {
        return fail(`line ${i + 1}: "${marker}" appears before any "------- SEARCH" marker.`);
      }
    } else if (phase === 'search') {
      if (DIVIDER_MARKER.test(marker)) {
        phase = 'replace';
        replace = [];
      } else if (SEARCH_MARKER.test(marker) || REPLACE_MARKER.test(marker)) {
        return fail(`line ${i + 1}: expected "=======" to end the SEARCH section that starts on line ${start}.`);
      } else search.push(lines[i]);
    } else if (REPLACE_MARKER.test(marker)) {
      blocks.push({ search: search.join('\n'), replace: replace.join('\n'), line: start });
      phase = 'outside';
    } else if (SEARCH_MARKER.test(marker)) {
      return fail(`line ${i + 1}: expected "+++++++ REPLACE" to end the block that starts on line ${start}.`);
    } else replace.push(lines[i]);
  }
  if (phase !== 'outside') {
    return fail(
      `the block that starts on line ${start} never ends; each block needs "=======" and then "+++++++ REPLACE".`,
    );
  }
  if (blocks.length === 0) {
    return fail(
      'no SEARCH/REPLACE block found; write "------- SEARCH", the exact lines, "=======", the new lines, "+++++++ REPLACE".',
    );
  }
  return { ok: true, blocks };
}

/**
 * Applies every block to `original` in memory, in order; nothing is applied unless all of them
 * match. Exact text is preferred; failing that, lines that match when leading and trailing
 * whitespace is ignored. Line endings of the original are kept.
 */
export function applySearchReplaceBlocks(
  original: string,
  blocks: readonly SearchReplaceBlock[],
): { ok: true; content: string } | { ok: false; error: DiffError } {
  const crlf = original.includes('\r\n');
  let content = crlf ? original.replace(/\r\n/g, '\n') : original;
  let cursor = 0;
  for (let b = 0; b < blocks.length; b++) {
    const { search, replace, line } = blocks[b];
    if (search === '') {
      if (content !== '') {
        return {
          ok: false,
          error: {
            code: 'bad-diff',
            message: `block ${b + 1} (diff line ${line}) has an empty SEARCH section, which is only allowed for an empty file.`,
          },
        };
      }
      content = replace;
      cursor = replace.length;
      continue;
    }
    const range =
      findExact(content, search, cursor) ?? findExact(content, search, 0) ?? findTrimmedLines(content, search);
    if (!range) {
      const firstLine = search.split('\n').find((l) => l.trim() !== '') ?? search;
      return {
        ok: false,
        error: {
          code: 'search-not-found',
          message: `block ${b + 1} (diff line ${line}): the SEARCH text starting with ${JSON.stringify(firstLine.trim().slice(0, 80))} was not found in the file.`,
        },
      };
    }
    content = content.slice(0, range.start) + replace + content.slice(range.end);
    cursor = range.start + replace.length;
  }
  return { ok: true, content: crlf ? content.replace(/\n/g, '\r\n') : content };
}

function findExact(content: string, search: string, from: number): { start: number; end: number } | undefined {
  const start = content.indexOf(search, from);
  return start === -1 ? undefined : { start, end: start + search.length };
}

/** Whole lines equal to the search lines once each side is trimmed. */
function findTrimmedLines(content: string, search: string): { start: number; end: number } | undefined {
  const wanted = search.split('\n').map((l) => l.trim());
  while (wanted.length > 0 && wanted[wanted.length - 1] === '') wanted.pop();
  if (wanted.length === 0) return undefined;
  const lines = content.split('\n');
  const offsets: number[] = [];
  let offset = 0;
  for (const l of lines) {
    offsets.push(offset);
    offset += l.length + 1;
  }
  for (let i = 0; i + wanted.length <= lines.length; i++) {
    let match = true;
    for (let j = 0; j < wanted.length && match; j++) match = lines[i + j].trim() === wanted[j];
    if (match) {
      const last = i + wanted.length - 1;
      return { start: offsets[i], end: offsets[last] + lines[last].length };
    }
  }
  return undefined;
}
