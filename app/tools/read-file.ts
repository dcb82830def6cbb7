import { open, stat } from 'node:fs/promises';
import type { NodeTool } from './tool-types.js';
import { requireParam, toolError } from './tool-types.js';
import type { Workspace } from './workspace.js';
import { completeCharacterEnd, looksBinary } from './binary-detection.js';

export interface ReadFileOptions {
  /** Bytes read at most; a longer file is shown up to here with a note saying so. */
  maxBytes?: number;
}

export const DEFAULT_READ_MAX_BYTES = 256 * 1024;

/** read_file: a text file's content, capped; binary files are refused. */
export function createReadFileTool(workspace: Workspace, options: ReadFileOptions = {}): NodeTool {
  const maxBytes = options.maxBytes ?? DEFAULT_READ_MAX_BYTES;
  return async (toolUse) => {
    const param = requireParam(toolUse, 'path');
    if (!param.ok) return param.error;
    const target = await workspace.resolve(param.value);
    if (!target.ok) return target.error;
    const info = await stat(target.absolute).catch(() => undefined);
    if (!info) return toolError('not-found', `File not found: ${target.relative}`);
    if (!info.isFile()) return toolError('not-a-file', `${target.relative} is not a file${info.isDirectory() ? ' (it is a directory; use list_files)' : ''}.`);
    const bytes = await readHead(target.absolute, Math.min(info.size, maxBytes)).catch(() => undefined);
    if (!bytes) return toolError('io-error', `Could not read ${target.relative}.`);
    const read = bytes.length;
    const truncated = info.size > read;
    if (looksBinary(bytes, truncated)) return toolError('binary-file', `${target.relative} is a binary file (${info.size} bytes); only text files can be read.`);
    const text = new TextDecoder('utf-8').decode(truncated ? bytes.subarray(0, completeCharacterEnd(bytes)) : bytes);
    return truncated ? `${text}\n\n[read_file: showing the first ${read} of ${info.size} bytes of ${target.relative}]` : text;
  };
}

/** The first `length` bytes of a file (fewer if it shrank meanwhile). */
async function readHead(file: string, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const handle = await open(file, 'r');
  let read = 0;
  try {
    while (read < length) {
      const { bytesRead } = await handle.read(buffer, read, length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return buffer.subarray(0, read);
}
