// The workspace port on disk: a folder the tools may touch; every path a model gives is resolved
// inside it or refused, and checked again through the descriptor that uses it (open-inside.ts),
// so a link flipped between the check and the use cannot lead out. Commands run through a
// separate runner (process-group-runner.ts).
import { realpath, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { PathInfo, WorkspaceFiles } from '../workspace-port.js';
import { displayPath, resolveInsideRoot, type NodePath } from './resolve-inside-root.js';
import { readHead } from './read-head.js';
import { writeFileAtomically } from './atomic-write.js';
import { walkDirectory } from './walk-directory.js';
import { watchFolders } from './folder-watch.js';

/** A folder on disk as the tools' file port. */
export interface NodeWorkspace extends WorkspaceFiles<NodePath> {
  /** The real (symlink-free) absolute root. */
  readonly root: string;
  /** The path as the model should see it: relative to the root, with forward slashes. */
  display(absolute: string): string;
}

/** Opens a workspace at `root` (which must exist). */
export async function openWorkspace(root: string): Promise<NodeWorkspace> {
  const givenRoot = path.resolve(root);
  const realRoot = await realpath(givenRoot);
  const display = (absolute: string) => displayPath(realRoot, absolute);
  return {
    root: realRoot,
    display,
    resolve: (requested) => resolveInsideRoot(realRoot, givenRoot, requested),
    async stat(target): Promise<PathInfo | undefined> {
      const info = await stat(target.real).catch(() => undefined);
      if (!info) return undefined;
      return {
        kind: info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other',
        size: info.size,
        modifiedMs: info.mtimeMs,
        changedMs: info.ctimeMs,
        inode: info.ino,
      };
    },
    read: (target, maxBytes) => readHead(realRoot, target.real, maxBytes),
    writeAtomically: (target, content) => writeFileAtomically(target.real, content, { root: realRoot }),
    async remove(target) {
      // Checked again as it is used: a link swapped in since resolve never leads out.
      const again = await resolveInsideRoot(realRoot, givenRoot, target.relative);
      if (!again.ok) throw Object.assign(new Error(again.error.content), { code: 'outside-workspace' });
      await unlink(again.path.real);
    },
    async removeEmptyFolder(target) {
      const again = await resolveInsideRoot(realRoot, givenRoot, target.relative);
      if (!again.ok) throw Object.assign(new Error(again.error.content), { code: 'outside-workspace' });
      // rmdir removes only an empty folder, and never follows a link.
      return rmdir(again.path.real).then(
        () => true,
        () => false,
      );
    },
    watchChanges: async (options) => watchFolders(realRoot, options),
    walk: (start, options, visit) =>
      walkDirectory(realRoot, { real: start.real, shown: start.absolute }, options, ({ real, shown }, kind, info) =>
        visit({ path: { absolute: shown, real, relative: display(shown) }, kind, ...(info ? { info } : {}) }),
      ),
  };
}
