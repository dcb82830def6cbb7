// The change preview (what a write or an edit would do) and its diff: runs in Node and in Chromium.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fileDiff, formatUnifiedDiff, type DiffLine } from '../../../app/ui/file-diff.js';
import { previewFileChange } from '../../../app/tools/files/change-preview.js';
import { createMemoryWorkspace, memoryWorkspaceFiles } from '../../../app/tools/memory/index.js';

const files = (initial: Record<string, string>) => memoryWorkspaceFiles(createMemoryWorkspace(initial));
const marked = (lines: DiffLine[]) =>
  lines.map((l) => ({ hunk: '@', add: '+', remove: '-', context: ' ', note: '\\' })[l.kind] + l.text);

describe('previewFileChange', () => {
  it('a new file: created, before undefined', async () => {
    const preview = await previewFileChange(files({}), {
      name: 'write_to_file',
      params: { path: 'a/new.txt', content: 'one\ntwo\n' },
    });
    expect(preview).toEqual({
      ok: true,
      change: { path: 'a/new.txt', change: 'create', before: undefined, after: 'one\ntwo\n' },
    });
  });

  it('write_to_file over a file: an overwrite with the old text', async () => {
    const preview = await previewFileChange(files({ 'x.txt': 'old\n' }), {
      name: 'write_to_file',
      params: { path: 'x.txt', content: 'new\n' },
    });
    expect(preview).toEqual({
      ok: true,
      change: { path: 'x.txt', change: 'overwrite', before: 'old\n', after: 'new\n' },
    });
  });

  it('replace_in_file: the file as the tool would leave it', async () => {
    const diff = '------- SEARCH\nb\n=======\nB\n+++++++ REPLACE';
    const preview = await previewFileChange(files({ 'x.txt': 'a\nb\nc\n' }), {
      name: 'replace_in_file',
      params: { path: 'x.txt', diff },
    });
    expect(preview).toEqual({
      ok: true,
      change: { path: 'x.txt', change: 'edit', before: 'a\nb\nc\n', after: 'a\nB\nc\n' },
    });
  });

  it('says why when the edit could not apply, the path is outside, or the tool changes no file', async () => {
    const ws = files({ 'x.txt': 'a\n' });
    const missing = await previewFileChange(ws, {
      name: 'replace_in_file',
      params: { path: 'x.txt', diff: '------- SEARCH\nzzz\n=======\ny\n+++++++ REPLACE' },
    });
    expect(missing.ok === false && missing.error.code).toBe('search-not-found');
    const outside = await previewFileChange(ws, {
      name: 'write_to_file',
      params: { path: '../etc/passwd', content: 'x' },
    });
    expect(outside.ok === false && outside.error.code).toBe('outside-workspace');
    const other = await previewFileChange(ws, { name: 'execute_command', params: { command: 'ls' } });
    expect(other.ok === false && other.error.code).toBe('not-a-file-change');
    const big = await previewFileChange(
      ws,
      { name: 'write_to_file', params: { path: 'x.txt', content: '' } },
      { maxBytes: 1 },
    );
    expect(big.ok === false && big.error.code).toBe('too-large');
  });
});

describe('fileDiff', () => {
  it('shows a new file whole, every line added', () => {
    const diff = fileDiff({ path: 'n.txt', change: 'create', before: undefined, after: 'a\nb\nc\n' });
    expect(marked(diff.lines)).toEqual(['@@@ -0,0 +1,3 @@', '+a', '+b', '+c']);
    expect([diff.added, diff.removed, diff.unchanged]).toEqual([3, 0, false]);
  });

  it('shows an edit as hunks with three lines of context and line numbers', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const after = before.replace('line 10\n', 'line ten\n');
    const diff = fileDiff({ path: 'f.txt', change: 'edit', before, after });
    expect(marked(diff.lines)).toEqual([
      '@@@ -7,7 +7,7 @@',
      ' line 7',
      ' line 8',
      ' line 9',
      '-line 10',
      '+line ten',
      ' line 11',
      ' line 12',
      ' line 13',
    ]);
    expect(diff.lines.find((l) => l.kind === 'add')?.newLine).toBe(10);
    expect(diff.lines.find((l) => l.kind === 'remove')?.oldLine).toBe(10);
  });

  it('notes a missing final newline, an unchanged file, an emptied file and a line-ending change', () => {
    expect(marked(fileDiff({ path: 'f', change: 'overwrite', before: 'a\n', after: 'a' }).lines)).toContain(
      '\\no newline at end of file',
    );
    expect(fileDiff({ path: 'f', change: 'overwrite', before: 'a\n', after: 'a\n' }).unchanged).toBe(true);
    expect(marked(fileDiff({ path: 'f', change: 'overwrite', before: 'a\n', after: '' }).lines)).toContain(
      '\\the file becomes empty',
    );
    const crlf = fileDiff({ path: 'f', change: 'overwrite', before: 'a\r\nb\r\n', after: 'a\nb\n' });
    expect(marked(crlf.lines)).toContain('\\line endings change from CRLF to LF');
    expect(crlf.lines.every((l) => !l.text.includes('\r'))).toBe(true);
  });

  it('formats as unified diff text', () => {
    const text = formatUnifiedDiff(fileDiff({ path: 'f.txt', change: 'overwrite', before: 'a\n', after: 'b\n' }));
    expect(text).toBe('--- a/f.txt\n+++ b/f.txt\n@@ -1,1 +1,1 @@\n-a\n+b\n');
  });

  it('rebuilds both texts from its lines when the context covers everything (property)', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', ''), { maxLength: 12 });
    fc.assert(
      fc.property(lines, lines, (old, next) => {
        const before = old.map((l) => `${l}\n`).join('');
        const after = next.map((l) => `${l}\n`).join('');
        const diff = fileDiff({ path: 'p', change: 'overwrite', before, after }, { context: 1000 });
        if (diff.unchanged) {
          expect(before).toBe(after);
          return;
        }
        const rebuiltOld = diff.lines
          .filter((l) => l.kind === 'context' || l.kind === 'remove')
          .map((l) => `${l.text}\n`)
          .join('');
        const rebuiltNew = diff.lines
          .filter((l) => l.kind === 'context' || l.kind === 'add')
          .map((l) => `${l.text}\n`)
          .join('');
        expect(rebuiltOld).toBe(before);
        expect(rebuiltNew).toBe(after);
      }),
    );
  });
});
