import { stat } from 'node:fs/promises';
import type { NodeTool } from './tool-types.js';
import { requireParam, toolError } from './tool-types.js';
import type { Workspace } from './workspace.js';
import { writeFileAtomically } from './atomic-write.js';

/** write_to_file: the whole content of a file, written atomically; missing folders are created. */
export function createWriteToFileTool(workspace: Workspace): NodeTool {
  return async (toolUse) => {
    const pathParam = requireParam(toolUse, 'path');
    if (!pathParam.ok) return pathParam.error;
    // Empty content is a legitimate file; only a missing parameter is an error.
    const content = toolUse.params.content;
    if (content === undefined) return toolError('missing-param', 'write_to_file needs the parameter <content>.');
    const target = await workspace.resolve(pathParam.value);
    if (!target.ok) return target.error;
    const existing = await stat(target.absolute).catch(() => undefined);
    if (existing?.isDirectory()) return toolError('not-a-file', `${target.relative} is a directory.`);
    try {
      const { created } = await writeFileAtomically(target.real ?? target.absolute, content);
      const bytes = Buffer.byteLength(content, 'utf8');
      return `${created ? 'Created' : 'Wrote'} ${target.relative} (${bytes} bytes, ${countLines(content)} lines).`;
    } catch (error) {
      return toolError('io-error', `Could not write ${target.relative}: ${(error as Error).message}`);
    }
  };
}

function countLines(text: string): number {
  if (text === '') return 0;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < text.length - 1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}
