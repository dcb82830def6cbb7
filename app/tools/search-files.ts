import { readFile, stat } from 'node:fs/promises';
import type { NodeTool } from './tool-types.js';
import { toolError } from './tool-types.js';
import { noSearchResults, parseSearchQuery } from './search-query.js';
import type { Workspace } from './workspace.js';
import { walkWorkspace } from './walk-workspace.js';
import { looksBinary } from './binary-detection.js';

export interface SearchFilesOptions {
  /** Matching lines reported at most. */
  maxResults?: number;
  /** Files larger than this are not searched. */
  maxFileBytes?: number;
}

export const DEFAULT_SEARCH_MAX_RESULTS = 300;
const DEFAULT_SEARCH_MAX_FILE_BYTES = 1024 * 1024;
const MAX_LINE_CHARS = 300;

/** search_files: lines matching a JavaScript regular expression, in files matching an optional glob, grouped by file. */
export function createSearchFilesTool(workspace: Workspace, options: SearchFilesOptions = {}): NodeTool {
  const maxResults = options.maxResults ?? DEFAULT_SEARCH_MAX_RESULTS;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_SEARCH_MAX_FILE_BYTES;
  return async (toolUse, { signal }) => {
    const parsed = parseSearchQuery(toolUse);
    if (!parsed.ok) return parsed.error;
    const { regex, fileFilter } = parsed.query;
    const target = await workspace.resolve(toolUse.params.path?.trim() || '.');
    if (!target.ok) return target.error;
    const info = await stat(target.absolute).catch(() => undefined);
    if (!info) return toolError('not-found', `Directory not found: ${target.relative}`);

    const files: string[] = [];
    if (info.isFile()) files.push(target.absolute);
    else {
      await walkWorkspace(target.absolute, workspace.display, { recursive: true, signal }, (entry) => {
        if (entry.kind === 'file' && (!fileFilter || fileFilter.test(entry.relative))) files.push(entry.absolute);
      });
    }

    const sections: string[] = [];
    let results = 0;
    let capped = false;
    for (const file of files) {
      if (signal.aborted) return toolError('aborted', 'search_files was stopped before it finished.');
      if (capped) break;
      const size = (await stat(file).catch(() => undefined))?.size ?? 0;
      if (size > maxFileBytes) continue;
      const bytes = await readFile(file).catch(() => undefined);
      if (!bytes || looksBinary(bytes)) continue;
      const lines = bytes.toString('utf8').split(/\r?\n/);
      const hits: string[] = [];
      for (let i = 0; i < lines.length; i++) {
        regex.lastIndex = 0;
        if (!regex.test(lines[i])) continue;
        if (results >= maxResults) {
          capped = true;
          break;
        }
        results++;
        const line = lines[i].length > MAX_LINE_CHARS ? `${lines[i].slice(0, MAX_LINE_CHARS)}…` : lines[i];
        hits.push(`${i + 1}: ${line}`);
      }
      if (hits.length > 0) sections.push(`${workspace.display(file)}\n${hits.map((h) => `  ${h}`).join('\n')}`);
    }
    if (results === 0) return noSearchResults(toolUse);
    const head = `Found ${results} result${results === 1 ? '' : 's'}${capped ? ` (stopped at the limit of ${maxResults}; narrow the search to see more)` : ''}.`;
    return `${head}\n\n${sections.join('\n\n')}`;
  };
}
