// Which folders of a workspace changed, heard from the kernel (inotify, one watch per folder, as
// Node's fs.watch gives it on Linux) instead of found by looking at every file: the checkpoints of
// a command then look only where something moved. A folder that appears is watched at once and
// reported whole (what was written into it before its watch began is found by listing it). When
// the feed cannot vouch for what it heard — a watch failed, more folders than it may watch, or so
// many changes at once that the kernel may have dropped some (its queue holds 16,384 by default,
// and an overflow is silent in Node) — it says so, and the checkpoints look everywhere.
import { lstatSync, readdirSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { ChangeFeed, WalkOptions } from '../workspace-port.js';

/** Folders watched at most; a larger workspace is looked at whole each time. */
export const MAX_WATCHED_FOLDERS = 20_000;

/** Changes heard between two takes past which some may have been dropped: look everywhere instead. */
export const MAX_CHANGES_PER_TAKE = 4_000;

/** Lets every change the kernel has queued reach the watchers: a timer, then a poll of the event loop. */
async function heardSoFar(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Watches every folder below `root` (symlink-free, absolute) that the walk rules do not skip.
 * Undefined where folder watches are not what Linux gives (elsewhere each would hold a descriptor).
 */
export function watchFolders(
  root: string,
  options: Pick<WalkOptions, 'skipDirectories' | 'skip'>,
): ChangeFeed | undefined {
  if (process.platform !== 'linux') return undefined;
  const watchers = new Map<string, FSWatcher>();
  const dirty = new Set<string>();
  let heard = 0;
  let unsure = false;
  let broken = false;
  const absolute = (relative: string) => (relative === '.' ? root : path.join(root, relative));
  const child = (folder: string, name: string) => (folder === '.' ? name : `${folder}/${name}`);
  const skipped = (relative: string) =>
    options.skipDirectories.has(path.posix.basename(relative)) || options.skip?.(relative, 'directory') === true;

  function stop(prefix: string): void {
    for (const [folder, watcher] of watchers)
      if (folder === prefix || folder.startsWith(`${prefix}/`)) {
        watcher.close();
        watchers.delete(folder);
      }
  }

  /** Watches `folder` and the folders below it, each reported changed (they may hold anything by now). */
  function watchTree(folder: string): void {
    const pending = [folder];
    while (pending.length > 0 && !broken) {
      const next = pending.pop()!;
      if (watchers.size >= MAX_WATCHED_FOLDERS) {
        broken = true;
        return;
      }
      let watcher: FSWatcher;
      try {
        watcher = watch(absolute(next), { persistent: false }, (kind, name) => onChange(next, kind, name));
      } catch (error) {
        // Gone already (its parent hears that): unsure until the next take. No watch left (ENOSPC): broken.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') unsure = true;
        else broken = true;
        continue;
      }
      // A watch that fails leaves a folder unheard: from then on the feed vouches for nothing.
      watcher.on('error', () => {
        broken = true;
      });
      watchers.set(next, watcher);
      dirty.add(next);
      let entries: import('node:fs').Dirent[] = [];
      try {
        entries = readdirSync(absolute(next), { withFileTypes: true });
      } catch {
        unsure = true;
      }
      for (const entry of entries) {
        const below = child(next, entry.name);
        if (entry.isDirectory() && !skipped(below)) pending.push(below);
      }
    }
  }

  function onChange(folder: string, kind: string, name: string | Buffer | null): void {
    heard++;
    dirty.add(folder);
    if (typeof name !== 'string' || name === '') {
      unsure = true;
      return;
    }
    if (kind !== 'rename') return;
    // An entry appeared, left or was replaced: a folder there is watched anew, with all below it.
    const below = child(folder, name);
    stop(below);
    const info = lstatSync(absolute(below), { throwIfNoEntry: false });
    if (info?.isDirectory() && !skipped(below)) watchTree(below);
  }

  watchTree('.');
  dirty.clear();
  return {
    async take() {
      await heardSoFar();
      const vouched = !broken && !unsure && heard <= MAX_CHANGES_PER_TAKE;
      const folders = new Set(dirty);
      dirty.clear();
      heard = 0;
      unsure = false;
      return vouched ? folders : undefined;
    },
    close() {
      broken = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
