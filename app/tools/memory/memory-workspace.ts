// An in-memory workspace for the page: files by normalized relative path. Paths that climb out
// (`..`), are absolute or hold a NUL byte are refused with a coded error, like the Node workspace
// does. memory-files.ts puts the tools' port over it.
import { outsideWorkspaceMessage } from '../result-sentences.js';

/** Why a path was refused, with its code. */
export type WorkspacePathError = { code: 'outside-workspace' | 'invalid-param'; message: string };

/** A normalized workspace path ('' for the root), or why it was refused. */
export type ResolvedWorkspacePath = { ok: true; path: string } | { ok: false; error: WorkspacePathError };

/** Files by normalized relative path, held in memory; folders exist as long as a file is inside them. */
export interface MemoryWorkspace {
  /** '' is the workspace root. */
  resolve(path: string): ResolvedWorkspacePath;
  read(path: string): string | undefined;
  write(path: string, content: string): { created: boolean };
  /** Deletes a file (undo of a created file); listeners hear it as a change of `path`. */
  remove?(path: string): void;
  /** Every file path, sorted. */
  files(): string[];
  /** Directories implied by the file paths (without trailing slash), sorted. */
  directories(): string[];
  /** Called after every write, with the path written. */
  onChange(listener: (path: string) => void): () => void;
}

/** A model-given path made relative and normalized ('' for the root), or refused when it would leave the workspace. */
export function normalizeWorkspacePath(raw: string): ResolvedWorkspacePath {
  const refuse = (reason: string): ResolvedWorkspacePath => ({
    ok: false,
    error: { code: 'outside-workspace', message: outsideWorkspaceMessage(raw, reason) },
  });
  if (raw.includes('\0')) return refuse('contains a NUL character');
  const path = raw.trim().replace(/\\/g, '/');
  if (path.startsWith('/') || /^[A-Za-z]:\//.test(path)) return refuse('is an absolute path');
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return refuse('is outside the workspace');
      parts.pop();
      continue;
    }
    parts.push(part);
  }
  return { ok: true, path: parts.join('/') };
}

/** A workspace holding `initial` (path → content); paths that cannot be normalized are dropped. */
export function createMemoryWorkspace(initial: Record<string, string>): MemoryWorkspace {
  const files = new Map<string, string>();
  const listeners = new Set<(path: string) => void>();
  for (const [path, content] of Object.entries(initial)) {
    const r = normalizeWorkspacePath(path);
    if (r.ok && r.path !== '') files.set(r.path, content);
  }
  return {
    resolve: normalizeWorkspacePath,
    read: (path) => files.get(path),
    write(path, content) {
      const created = !files.has(path);
      files.set(path, content);
      for (const l of listeners) l(path);
      return { created };
    },
    remove(path) {
      if (files.delete(path)) for (const l of listeners) l(path);
    },
    files: () => [...files.keys()].sort(),
    directories() {
      const dirs = new Set<string>();
      for (const file of files.keys()) {
        const parts = file.split('/');
        for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
      }
      return [...dirs].sort();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Entries under `dir` ('' = root), in name order: directories end in '/'. They come out in the
 * order of `ws.files()` (sorted), which is already name order: a folder's entry is its files'
 * common start up to a '/', so it sorts before them and after whatever sorted before them.
 */
export function listEntries(ws: MemoryWorkspace, dir: string, recursive: boolean): string[] {
  const prefix = dir === '' ? '' : `${dir}/`;
  const entries = new Set<string>();
  for (const file of ws.files()) {
    if (!file.startsWith(prefix)) continue;
    const rest = file.slice(prefix.length).split('/');
    if (recursive) {
      for (let i = 1; i < rest.length; i++) entries.add(`${prefix}${rest.slice(0, i).join('/')}/`);
      entries.add(file);
    } else {
      entries.add(rest.length > 1 ? `${prefix}${rest[0]}/` : file);
    }
  }
  return [...entries];
}
