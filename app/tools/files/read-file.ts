import type { WorkspaceTool } from '../tool-types.js';
import type { WorkspaceFiles, WorkspacePath } from '../workspace-port.js';
import { requireParam } from '../tool-params.js';
import { binaryFile, fileNotFound, notAFile, portFailure, readFailed, readTruncated } from '../result-sentences.js';
import { completeCharacterEnd, looksBinary } from './binary-detection.js';

export interface ReadFileOptions {
  /** Bytes read at most; a longer file is shown up to here with a note saying so. */
  maxBytes?: number;
}

export const DEFAULT_READ_MAX_BYTES = 256 * 1024;

/** read_file: a text file's content, capped; binary files are refused. */
export function createReadFileTool<P extends WorkspacePath>(
  files: WorkspaceFiles<P>,
  options: ReadFileOptions = {},
): WorkspaceTool {
  const maxBytes = options.maxBytes ?? DEFAULT_READ_MAX_BYTES;
  return async (toolUse) => {
    const param = requireParam(toolUse, 'path');
    if (!param.ok) return param.error;
    const target = await files.resolve(param.value);
    if (!target.ok) return target.error;
    const { path } = target;
    const info = await files.stat(path);
    if (!info) return fileNotFound(path.relative);
    if (info.kind !== 'file') return notAFile(path.relative, info.kind === 'directory');
    let bytes: Uint8Array;
    try {
      bytes = await files.read(path, Math.min(info.size, maxBytes));
    } catch (error) {
      return portFailure(error, path.relative, readFailed(path.relative));
    }
    const truncated = info.size > bytes.length;
    if (looksBinary(bytes, truncated)) return binaryFile(path.relative, info.size);
    const text = new TextDecoder('utf-8').decode(truncated ? bytes.subarray(0, completeCharacterEnd(bytes)) : bytes);
    return truncated ? readTruncated(text, bytes.length, info.size, path.relative) : text;
  };
}
