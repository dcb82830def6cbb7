import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Folders no listing or search descends into: dependencies and version control. */
export const IGNORED_DIRECTORIES: ReadonlySet<string> = new Set(['node_modules', '.git']);

export interface WalkEntry {
  absolute: string;
  /** Relative to the walk's start folder's workspace root, forward slashes. */
  relative: string;
  kind: 'file' | 'directory' | 'symlink' | 'other';
}

/**
 * Visits entries below `start` in sorted order, depth first, without following symbolic links
 * (a link is reported, never entered, so a walk cannot leave the workspace). Stops early when
 * `visit` returns false or the signal aborts.
 */
export async function walkWorkspace(
  start: string,
  toRelative: (absolute: string) => string,
  options: { recursive: boolean; signal?: AbortSignal },
  visit: (entry: WalkEntry) => boolean | void,
): Promise<void> {
  const stack: string[] = [start];
  while (stack.length > 0) {
    if (options.signal?.aborted) return;
    const dir = stack.pop()!;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subdirs: string[] = [];
    for (const entry of entries) {
      const absolute = path.join(dir, entry.name);
      const kind = entry.isSymbolicLink() ? 'symlink' : entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : 'other';
      if (kind === 'directory' && IGNORED_DIRECTORIES.has(entry.name)) continue;
      if (visit({ absolute, relative: toRelative(absolute), kind }) === false) return;
      if (kind === 'directory' && options.recursive) subdirs.push(absolute);
    }
    // Reversed so the stack pops them in sorted order.
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]);
  }
}
