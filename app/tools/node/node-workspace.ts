// The workspace port on disk: a folder the tools may touch; every path a model gives is resolved
// inside it or refused. Commands run through a separate runner (process-group-runner.ts).
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PathInfo, WorkspaceFiles } from '../workspace-port.js';
import { displayPath, resolveInsideRoot, type NodePath } from './resolve-inside-root.js';
import { readHead } from './read-head.js';
import { writeFileAtomically } from './atomic-write.js';
import { walkDirectory } from './walk-directory.js';

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
      const info = await stat(target.absolute).catch(() => undefined);
      if (!info) return undefined;
      return { kind: info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other', size: info.size };
    },
    read: (target, maxBytes) => readHead(target.absolute, maxBytes),
    writeAtomically: (target, content) => writeFileAtomically(target.real ?? target.absolute, content),
    walk: (start, options, visit) => walkDirectory(start.absolute, options, (absolute, kind) => visit({ path: { absolute, relative: display(absolute) }, kind })),
  };
}
