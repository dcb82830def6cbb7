import type { WorkspaceTool } from '../tool-types.js';
import type { WorkspaceFiles, WorkspacePath } from '../workspace-port.js';
import { isTrueParam } from '../tool-params.js';
import { loadGitignore } from './gitignore-rules.js';
import {
  directoryNotFound,
  emptyDirectory,
  listAborted,
  listEntry,
  moreEntriesNote,
  notADirectory,
  portFailure,
  readFailed,
} from '../result-sentences.js';

export interface ListFilesOptions {
  /** Entries listed at most; more are counted in a closing note. */
  maxEntries?: number;
  /** Leave out what .gitignore ignores (default true). */
  respectGitignore?: boolean;
}

export const DEFAULT_LIST_MAX_ENTRIES = 500;
const MAX_COUNTED_EXTRA = 10_000;

/** Folders no listing or search descends into: dependencies and version control. */
export const IGNORED_DIRECTORIES: ReadonlySet<string> = new Set(['node_modules', '.git']);

/** list_files: a folder's entries (directories end in '/'), optionally recursive; skips node_modules, .git and what .gitignore ignores. */
export function createListFilesTool<P extends WorkspacePath>(
  files: WorkspaceFiles<P>,
  options: ListFilesOptions = {},
): WorkspaceTool {
  const maxEntries = options.maxEntries ?? DEFAULT_LIST_MAX_ENTRIES;
  return async (toolUse, { signal }) => {
    const target = await files.resolve(toolUse.params.path?.trim() || '.');
    if (!target.ok) return target.error;
    const { path } = target;
    const info = await files.stat(path);
    if (!info) return directoryNotFound(path.relative);
    if (info.kind !== 'directory') return notADirectory(path.relative);
    const lines: string[] = [];
    let more = 0;
    const skip = options.respectGitignore === false ? undefined : await loadGitignore(files);
    const walk = {
      recursive: isTrueParam(toolUse.params.recursive),
      skipDirectories: IGNORED_DIRECTORIES,
      signal,
      ...(skip ? { skip } : {}),
    };
    try {
      await files.walk(path, walk, (entry) => {
        if (lines.length >= maxEntries) {
          more++;
          // Counting the rest of a huge tree is not worth the wait.
          return more < MAX_COUNTED_EXTRA;
        }
        lines.push(listEntry(entry.path.relative, entry.kind));
      });
    } catch (error) {
      return portFailure(error, path.relative, readFailed(path.relative));
    }
    if (signal.aborted) return listAborted();
    if (lines.length === 0) return emptyDirectory(path.relative);
    if (more > 0) lines.push(moreEntriesNote(more, more >= MAX_COUNTED_EXTRA));
    return lines.join('\n');
  };
}
