import { readFile, stat } from 'node:fs/promises';
import type { NodeTool } from './tool-types.js';
import { requireParam, toolError } from './tool-types.js';
import type { Workspace } from './workspace.js';
import { writeFileAtomically } from './atomic-write.js';
import { looksBinary } from './binary-detection.js';
import { applySearchReplaceBlocks, parseSearchReplaceDiff } from './search-replace-diff.js';

/** replace_in_file: Cline's SEARCH/REPLACE blocks; every block must match before the file is (atomically) rewritten. */
export function createReplaceInFileTool(workspace: Workspace): NodeTool {
  return async (toolUse) => {
    const pathParam = requireParam(toolUse, 'path');
    if (!pathParam.ok) return pathParam.error;
    const diffParam = requireParam(toolUse, 'diff');
    if (!diffParam.ok) return diffParam.error;
    const target = await workspace.resolve(pathParam.value);
    if (!target.ok) return target.error;
    const parsed = parseSearchReplaceDiff(diffParam.value);
    if (!parsed.ok) return toolError(parsed.error.code, `${parsed.error.message} ${target.relative} was not changed.`);
    const info = await stat(target.absolute).catch(() => undefined);
    if (info && !info.isFile()) return toolError('not-a-file', `${target.relative} is not a file.`);
    let original = '';
    if (info) {
      const bytes = await readFile(target.absolute).catch(() => undefined);
      if (!bytes) return toolError('io-error', `Could not read ${target.relative}; it was not changed.`);
      if (looksBinary(bytes)) return toolError('binary-file', `${target.relative} is a binary file; it was not changed.`);
      original = bytes.toString('utf8');
    } else if (parsed.blocks.some((b) => b.search !== '')) {
      return toolError('not-found', `File not found: ${target.relative}. Use write_to_file to create it.`);
    }
    const applied = applySearchReplaceBlocks(original, parsed.blocks);
    if (!applied.ok) return toolError(applied.error.code, `${applied.error.message} No changes were made to ${target.relative}; read the file and retry with its exact text.`);
    if (info && applied.content === original) return `${target.relative} already had this content; nothing changed.`;
    try {
      await writeFileAtomically(target.real ?? target.absolute, applied.content);
    } catch (error) {
      return toolError('io-error', `Could not write ${target.relative}: ${(error as Error).message}`);
    }
    const n = parsed.blocks.length;
    return `Applied ${n} edit${n === 1 ? '' : 's'} to ${target.relative}.`;
  };
}
