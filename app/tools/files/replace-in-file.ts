import type { WorkspaceTool } from '../tool-types.js';
import type { WorkspaceFiles, WorkspacePath } from '../workspace-port.js';
import { requireParam } from '../tool-params.js';
import {
  diffRejected,
  editBinaryFile,
  editChangedNothing,
  editFileTooLarge,
  editMissingFile,
  editNotApplied,
  editReadFailed,
  editsApplied,
  notAFile,
  portFailure,
  writeFailed,
} from '../result-sentences.js';
import { looksBinary } from './binary-detection.js';
import { applySearchReplaceBlocks, parseSearchReplaceDiff } from './search-replace-diff.js';

export interface ReplaceInFileOptions {
  /** Files larger than this are refused (with a too-large error), never read whole. */
  maxFileBytes?: number;
}

export const DEFAULT_EDIT_MAX_FILE_BYTES = 16 * 1024 * 1024;

/** replace_in_file: Cline's SEARCH/REPLACE blocks; every block must match before the file is (atomically) rewritten. */
export function createReplaceInFileTool<P extends WorkspacePath>(
  files: WorkspaceFiles<P>,
  options: ReplaceInFileOptions = {},
): WorkspaceTool {
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_EDIT_MAX_FILE_BYTES;
  return async (toolUse) => {
    const pathParam = requireParam(toolUse, 'path');
    if (!pathParam.ok) return pathParam.error;
    const diffParam = requireParam(toolUse, 'diff');
    if (!diffParam.ok) return diffParam.error;
    const target = await files.resolve(pathParam.value);
    if (!target.ok) return target.error;
    const { path } = target;
    const parsed = parseSearchReplaceDiff(diffParam.value);
    if (!parsed.ok) return diffRejected(parsed.error, path.relative);
    const info = await files.stat(path);
    if (info && info.kind !== 'file') return notAFile(path.relative);
    if (info && info.size > maxFileBytes) return editFileTooLarge(path.relative, info.size, maxFileBytes);
    let original = '';
    if (info) {
      let bytes: Uint8Array;
      try {
        // One byte past the cap tells a file that grew since `stat` from one that fits.
        bytes = await files.read(path, maxFileBytes + 1);
      } catch (error) {
        return portFailure(error, path.relative, editReadFailed(path.relative));
      }
      if (bytes.length > maxFileBytes) return editFileTooLarge(path.relative, bytes.length, maxFileBytes);
      if (looksBinary(bytes)) return editBinaryFile(path.relative);
      // ignoreBOM keeps a byte order mark as text, so the rewritten file still has it.
      original = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    } else if (parsed.blocks.some((b) => b.search !== '')) {
      return editMissingFile(path.relative);
    }
    const applied = applySearchReplaceBlocks(original, parsed.blocks);
    if (!applied.ok) return editNotApplied(applied.error, path.relative);
    if (info && applied.content === original) return editChangedNothing(path.relative);
    try {
      await files.writeAtomically(path, applied.content);
    } catch (error) {
      return portFailure(error, path.relative, writeFailed(path.relative, (error as Error).message));
    }
    return editsApplied(parsed.blocks.length, path.relative);
  };
}
