import type { WorkspaceTool } from '../tool-types.js';
import type { WorkspaceFiles, WorkspacePath } from '../workspace-port.js';
import { requireParam } from '../tool-params.js';
import { fileWritten, isADirectory, missingParam, portFailure, writeFailed } from '../result-sentences.js';

/** write_to_file: the whole content of a file, written atomically; missing folders are created. */
export function createWriteToFileTool<P extends WorkspacePath>(files: WorkspaceFiles<P>): WorkspaceTool {
  return async (toolUse) => {
    const pathParam = requireParam(toolUse, 'path');
    if (!pathParam.ok) return pathParam.error;
    // Empty content is a legitimate file; only a missing parameter is an error.
    const content = toolUse.params.content;
    if (content === undefined) return missingParam('write_to_file', 'content');
    const target = await files.resolve(pathParam.value);
    if (!target.ok) return target.error;
    const { path } = target;
    if ((await files.stat(path))?.kind === 'directory') return isADirectory(path.relative);
    try {
      const { created } = await files.writeAtomically(path, content);
      return fileWritten(path.relative, content, created);
    } catch (error) {
      return portFailure(error, path.relative, writeFailed(path.relative, (error as Error).message));
    }
  };
}
