import { stat } from 'node:fs/promises';
import type { NodeTool } from './tool-types.js';
import { isTrueParam, toolError } from './tool-types.js';
import type { Workspace } from './workspace.js';
import { walkWorkspace } from './walk-workspace.js';

export interface ListFilesOptions {
  /** Entries listed at most; more are counted in a closing note. */
  maxEntries?: number;
}

export const DEFAULT_LIST_MAX_ENTRIES = 500;
const MAX_COUNTED_EXTRA = 10_000;

/** list_files: a folder's entries (directories end in '/'), optionally recursive; skips node_modules and .git. */
export function createListFilesTool(workspace: Workspace, options: ListFilesOptions = {}): NodeTool {
  const maxEntries = options.maxEntries ?? DEFAULT_LIST_MAX_ENTRIES;
  return async (toolUse, { signal }) => {
    const requested = toolUse.params.path?.trim() || '.';
    const target = await workspace.resolve(requested);
    if (!target.ok) return target.error;
    const info = await stat(target.absolute).catch(() => undefined);
    if (!info) return toolError('not-found', `Directory not found: ${target.relative}`);
    if (!info.isDirectory()) return toolError('not-a-directory', `${target.relative} is not a directory.`);
    const lines: string[] = [];
    let more = 0;
    await walkWorkspace(target.absolute, workspace.display, { recursive: isTrueParam(toolUse.params.recursive), signal }, (entry) => {
      if (lines.length >= maxEntries) {
        more++;
        // Counting the rest of a huge tree is not worth the wait.
        return more < MAX_COUNTED_EXTRA;
      }
      lines.push(entry.kind === 'directory' ? `${entry.relative}/` : entry.kind === 'symlink' ? `${entry.relative} (symlink)` : entry.relative);
    });
    if (signal.aborted) return toolError('aborted', 'list_files was stopped before it finished.');
    if (lines.length === 0) return `${target.relative} is empty.`;
    if (more > 0) lines.push(`[list_files: ${more >= MAX_COUNTED_EXTRA ? 'at least ' : ''}${more} more entries not shown; list a subfolder to see them]`);
    return lines.join('\n');
  };
}
