// The workspace port's file side over a MemoryWorkspace: the same operations the Node adapter
// offers, so the shared tools answer the same in the web page as on disk.
import type { EntryKind, PathInfo, WorkspaceFiles } from '../workspace-port.js';
import { toolError } from '../result-sentences.js';
import { utf8Length } from '../files/utf8-length.js';
import type { MemoryWorkspace } from './memory-workspace.js';

/** A path in the in-memory workspace. */
export interface MemoryPath {
  /** As the model sees it; '.' for the root. */
  readonly relative: string;
  /** The workspace's own key; '' for the root. */
  readonly key: string;
}

const toPath = (key: string): MemoryPath => ({ key, relative: key === '' ? '.' : key });

/** The tools' file port over `ws`; writes go through `ws.write`, so its change listeners hear them. */
export function memoryWorkspaceFiles(ws: MemoryWorkspace): WorkspaceFiles<MemoryPath> {
  const isDirectory = (key: string) => key === '' || ws.directories().includes(key);
  return {
    async resolve(requested) {
      const r = ws.resolve(requested);
      return r.ok ? { ok: true, path: toPath(r.path) } : { ok: false, error: toolError(r.error.code, r.error.message) };
    },
    async stat(path): Promise<PathInfo | undefined> {
      const content = ws.read(path.key);
      if (content !== undefined) return { kind: 'file', size: utf8Length(content) };
      return isDirectory(path.key) ? { kind: 'directory', size: 0 } : undefined;
    },
    async read(path, maxBytes) {
      const content = ws.read(path.key);
      if (content === undefined) throw new Error(`${path.relative} is not a file`);
      const bytes = new TextEncoder().encode(content);
      return bytes.subarray(0, maxBytes);
    },
    async writeAtomically(path, content) {
      if (isDirectory(path.key)) throw new Error(`${path.relative} is a directory`);
      // A file cannot also be a folder: refuse a path that goes through one, as a disk would.
      const parts = path.key.split('/');
      for (let i = 1; i < parts.length; i++) {
        const parent = parts.slice(0, i).join('/');
        if (ws.read(parent) !== undefined) throw new Error(`${parent} is a file, not a directory`);
      }
      return ws.write(path.key, content);
    },
    async remove(path) {
      if (ws.read(path.key) === undefined) throw new Error(`${path.relative} is not a file`);
      ws.remove?.(path.key);
    },
    async walk(start, options, visit) {
      const stack = [start.key];
      while (stack.length > 0) {
        if (options.signal?.aborted) return;
        const dir = stack.pop()!;
        const subdirs: string[] = [];
        for (const [key, kind] of childrenOf(ws, dir)) {
          if (kind === 'directory' && options.skipDirectories.has(key.slice(key.lastIndexOf('/') + 1))) continue;
          if (options.skip?.(key, kind)) continue;
          if (visit({ path: toPath(key), kind }) === false) return;
          if (kind === 'directory' && options.recursive) subdirs.push(key);
        }
        for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]);
      }
    },
  };
}

/** The direct children of a folder ('' for the root), in name order. */
function childrenOf(ws: MemoryWorkspace, dir: string): [string, EntryKind][] {
  const prefix = dir === '' ? '' : `${dir}/`;
  const children = new Map<string, EntryKind>();
  for (const file of ws.files()) {
    if (!file.startsWith(prefix)) continue;
    const rest = file.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash === -1) children.set(file, 'file');
    else children.set(prefix + rest.slice(0, slash), 'directory');
  }
  const name = (key: string) => key.slice(prefix.length);
  return [...children].sort(([a], [b]) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0));
}
