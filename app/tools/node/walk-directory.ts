import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { EntryKind, WalkOptions } from '../workspace-port.js';

/**
 * Visits entries below `start` depth first, each folder's entries in name order before its
 * subfolders, without following symbolic links (a link is reported, never entered, so a walk
 * cannot leave the workspace). Stops early when `visit` returns false or the signal aborts.
 */
export async function walkDirectory(start: string, options: WalkOptions, visit: (absolute: string, kind: EntryKind) => boolean | void): Promise<void> {
  const stack: string[] = [start];
  while (stack.length > 0) {
    if (options.signal?.aborted) return;
    const dir = stack.pop()!;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subdirs: string[] = [];
    for (const entry of entries) {
      const absolute = path.join(dir, entry.name);
      const kind: EntryKind = entry.isSymbolicLink() ? 'symlink' : entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : 'other';
      if (kind === 'directory' && options.skipDirectories.has(entry.name)) continue;
      if (visit(absolute, kind) === false) return;
      if (kind === 'directory' && options.recursive) subdirs.push(absolute);
    }
    // Reversed so the stack pops them in sorted order.
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]);
  }
}
