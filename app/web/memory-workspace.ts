// An in-memory workspace for the page: files by normalized relative path. Paths that climb out
// (`..`) or are absolute are refused with a coded error, like the Node workspace does.

export type WorkspacePathError = { code: 'outside-workspace' | 'invalid-param'; message: string };

export type ResolvedWorkspacePath = { ok: true; path: string } | { ok: false; error: WorkspacePathError };

export interface MemoryWorkspace {
  /** '' is the workspace root. */
  resolve(path: string): ResolvedWorkspacePath;
  read(path: string): string | undefined;
  write(path: string, content: string): { created: boolean };
  /** Every file path, sorted. */
  files(): string[];
  /** Directories implied by the file paths (without trailing slash), sorted. */
  directories(): string[];
  /** Called after every write, with the path written. */
  onChange(listener: (path: string) => void): () => void;
}

export function normalizeWorkspacePath(raw: string): ResolvedWorkspacePath {
  const path = raw.trim().replace(/\\/g, '/');
  if (path.startsWith('/') || /^[A-Za-z]:\//.test(path)) {
    return { ok: false, error: { code: 'outside-workspace', message: `${raw} is an absolute path; use a path relative to the workspace.` } };
  }
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return { ok: false, error: { code: 'outside-workspace', message: `${raw} leads outside the workspace.` } };
      parts.pop();
      continue;
    }
    parts.push(part);
  }
  return { ok: true, path: parts.join('/') };
}

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

/** Entries under `dir` ('' = root): directories end in '/'. */
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
  return [...entries].sort();
}

