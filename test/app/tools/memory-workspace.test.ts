// The page's in-memory workspace on its own (app/tools/memory/memory-workspace.ts): how a model-given
// path is normalized or refused (with the sentence the model reads), which initial files are kept,
// the folders implied by the files, change listeners, and the entries list_files shows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createMemoryWorkspace,
  listEntries,
  normalizeWorkspacePath,
} from '../../../app/tools/memory/memory-workspace.js';

const refusal = (raw: string, reason: string) => ({
  ok: false,
  error: { code: 'outside-workspace', message: `"${raw}" ${reason}; only paths inside the workspace are allowed.` },
});

describe('normalizeWorkspacePath', () => {
  it('refuses each kind of path with the reason the model reads', () => {
    expect(normalizeWorkspacePath('a\0b')).toEqual(refusal('a\0b', 'contains a NUL character'));
    expect(normalizeWorkspacePath('/etc/passwd')).toEqual(refusal('/etc/passwd', 'is an absolute path'));
    expect(normalizeWorkspacePath('C:\\Windows')).toEqual(refusal('C:\\Windows', 'is an absolute path'));
    expect(normalizeWorkspacePath('z:/x')).toEqual(refusal('z:/x', 'is an absolute path'));
    expect(normalizeWorkspacePath('src/../../x')).toEqual(refusal('src/../../x', 'is outside the workspace'));
    expect(normalizeWorkspacePath('..')).toEqual(refusal('..', 'is outside the workspace'));
  });

  it('trims the path and reads backslashes as separators', () => {
    expect(normalizeWorkspacePath('  src/app.ts \n')).toEqual({ ok: true, path: 'src/app.ts' });
    expect(normalizeWorkspacePath('src\\lib\\x.ts')).toEqual({ ok: true, path: 'src/lib/x.ts' });
    expect(normalizeWorkspacePath('src\\..\\README.md')).toEqual({ ok: true, path: 'README.md' });
    expect(normalizeWorkspacePath(' \\etc')).toEqual(refusal(' \\etc', 'is an absolute path'));
  });

  it('takes a drive letter only at the start as absolute', () => {
    expect(normalizeWorkspacePath('notes/C:/x')).toEqual({ ok: true, path: 'notes/C:/x' });
    expect(normalizeWorkspacePath('C:x')).toEqual({ ok: true, path: 'C:x' });
    expect(normalizeWorkspacePath('1:/x')).toEqual({ ok: true, path: '1:/x' });
  });

  it('drops empty and dot segments, and `..` climbs one folder', () => {
    expect(normalizeWorkspacePath('')).toEqual({ ok: true, path: '' });
    expect(normalizeWorkspacePath('./a/./b//c/')).toEqual({ ok: true, path: 'a/b/c' });
    expect(normalizeWorkspacePath('a/b/../../c')).toEqual({ ok: true, path: 'c' });
    expect(normalizeWorkspacePath('a/..')).toEqual({ ok: true, path: '' });
    expect(normalizeWorkspacePath('...')).toEqual({ ok: true, path: '...' });
  });

  it('gives a path with no empty, `.` or `..` segment, which normalizes to itself (property)', () => {
    // (No segment of spaces alone: the whole path is trimmed, so 'a/ ' would come back as 'a'.)
    const segment = fc.constantFrom('a', 'b', '.', '..', '', 'c d', '\\', 'x.ts');
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (segments) => {
        const r = normalizeWorkspacePath(segments.join('/'));
        if (!r.ok) return;
        if (r.path !== '') {
          for (const part of r.path.split('/')) expect(['', '.', '..']).not.toContain(part);
        }
        expect(r.path.startsWith('/')).toBe(false);
        expect(normalizeWorkspacePath(r.path)).toEqual(r);
      }),
    );
  });
});

describe('createMemoryWorkspace', () => {
  it('keeps the initial files under their normalized paths and drops the root and refused paths', () => {
    const ws = createMemoryWorkspace({ './a.txt': 'a', '.': 'root', '': 'empty', '../out': 'o', 'b//c': 'c' });
    expect(ws.files()).toEqual(['a.txt', 'b/c']);
    expect(ws.read('a.txt')).toBe('a');
    expect(ws.read('b/c')).toBe('c');
    expect(ws.read('')).toBeUndefined();
  });

  it('resolves paths like normalizeWorkspacePath', () => {
    const ws = createMemoryWorkspace({});
    expect(ws.resolve('./x/../y')).toEqual({ ok: true, path: 'y' });
    expect(ws.resolve('/y')).toEqual(refusal('/y', 'is an absolute path'));
  });

  it('lists files and the folders they imply in name order, whatever order they came in', () => {
    const ws = createMemoryWorkspace({ 'z/y/x.ts': '1', 'b.md': '2', 'a/k.ts': '3' });
    ws.write('m/n.ts', '4');
    expect(ws.files()).toEqual(['a/k.ts', 'b.md', 'm/n.ts', 'z/y/x.ts']);
    expect(ws.directories()).toEqual(['a', 'm', 'z', 'z/y']);
  });

  it('tells listeners each write and removal until they unsubscribe', () => {
    const ws = createMemoryWorkspace({ 'a.txt': 'a' });
    const heard: string[] = [];
    const other: string[] = [];
    const stop = ws.onChange((p) => heard.push(p));
    ws.onChange((p) => other.push(p));
    expect(ws.write('a.txt', 'b')).toEqual({ created: false });
    expect(ws.write('n.txt', 'n')).toEqual({ created: true });
    ws.remove?.('n.txt');
    ws.remove?.('missing.txt');
    stop();
    ws.write('a.txt', 'c');
    expect(heard).toEqual(['a.txt', 'n.txt', 'n.txt']);
    expect(other).toEqual(['a.txt', 'n.txt', 'n.txt', 'a.txt']);
    expect(ws.files()).toEqual(['a.txt']);
    expect(ws.read('a.txt')).toBe('c');
  });
});

describe('listEntries', () => {
  const ws = createMemoryWorkspace({
    'src/a/b/c.ts': '1',
    'src/a/d.ts': '2',
    'src/e.ts': '3',
    'srcx.ts': '4',
    'top.md': '5',
  });

  it('lists one level, folders with a trailing slash', () => {
    expect(listEntries(ws, '', false)).toEqual(['src/', 'srcx.ts', 'top.md']);
    expect(listEntries(ws, 'src', false)).toEqual(['src/a/', 'src/e.ts']);
    expect(listEntries(ws, 'src/a/b', false)).toEqual(['src/a/b/c.ts']);
    expect(listEntries(ws, 'nothing', false)).toEqual([]);
  });

  it('lists every level below a folder, each folder once', () => {
    expect(listEntries(ws, 'src', true)).toEqual(['src/a/', 'src/a/b/', 'src/a/b/c.ts', 'src/a/d.ts', 'src/e.ts']);
    expect(listEntries(ws, '', true)).toEqual([
      'src/',
      'src/a/',
      'src/a/b/',
      'src/a/b/c.ts',
      'src/a/d.ts',
      'src/e.ts',
      'srcx.ts',
      'top.md',
    ]);
  });

  it('gives each entry once, in name order, only below the folder (property)', () => {
    const name = fc.constantFrom('a', 'b', 'a-b', 'a.b', 'a0', 'B', 'ä');
    const path = fc.array(name, { minLength: 1, maxLength: 4 }).map((p) => p.join('/'));
    fc.assert(
      fc.property(
        fc.uniqueArray(path, { maxLength: 8 }),
        fc.boolean(),
        fc.constantFrom('', 'a', 'a/b'),
        (paths, recursive, dir) => {
          // A path may not be both a file and a folder: keep the first of each clash.
          const kept: string[] = [];
          for (const p of paths)
            if (!kept.some((k) => k.startsWith(`${p}/`) || p.startsWith(`${k}/`) || k === p)) kept.push(p);
          const w = createMemoryWorkspace(Object.fromEntries(kept.map((p) => [p, p])));
          const entries = listEntries(w, dir, recursive);
          expect(entries).toEqual([...new Set(entries)].sort());
          const prefix = dir === '' ? '' : `${dir}/`;
          for (const e of entries) expect(e.startsWith(prefix)).toBe(true);
          const filesBelow = kept.filter((p) => p.startsWith(prefix)).sort();
          expect(entries.filter((e) => !e.endsWith('/'))).toEqual(
            recursive ? filesBelow : filesBelow.filter((p) => !p.slice(prefix.length).includes('/')),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
