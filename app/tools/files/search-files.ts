import type { WorkspaceTool } from '../tool-types.js';
import type { WorkspaceFiles, WorkspacePath } from '../workspace-port.js';
import { parseSearchQuery } from './search-query.js';
import {
  directoryNotFound,
  noSearchResults,
  portFailure,
  readFailed,
  searchAborted,
  searchResults,
  searchSection,
} from '../result-sentences.js';
import { IGNORED_DIRECTORIES } from './list-files.js';
import { loadGitignore } from './gitignore-rules.js';
import { looksBinary } from './binary-detection.js';

export interface SearchFilesOptions {
  /** Matching lines reported at most. */
  maxResults?: number;
  /** Files larger than this are not searched. */
  maxFileBytes?: number;
  /** Leave out what .gitignore ignores (default true). */
  respectGitignore?: boolean;
}

export const DEFAULT_SEARCH_MAX_RESULTS = 300;
const DEFAULT_SEARCH_MAX_FILE_BYTES = 1024 * 1024;
const MAX_LINE_CHARS = 300;

/** search_files: lines matching a regular expression (JavaScript syntax, matched in linear time by RE2), in files matching an optional glob, grouped by file. */
export function createSearchFilesTool<P extends WorkspacePath>(
  files: WorkspaceFiles<P>,
  options: SearchFilesOptions = {},
): WorkspaceTool {
  const maxResults = options.maxResults ?? DEFAULT_SEARCH_MAX_RESULTS;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_SEARCH_MAX_FILE_BYTES;
  return async (toolUse, { signal }) => {
    const parsed = parseSearchQuery(toolUse);
    if (!parsed.ok) return parsed.error;
    const { regex, fileFilter } = parsed.query;
    const target = await files.resolve(toolUse.params.path?.trim() || '.');
    if (!target.ok) return target.error;
    const info = await files.stat(target.path);
    if (!info) return directoryNotFound(target.path.relative);

    const found: P[] = [];
    if (info.kind === 'file') found.push(target.path);
    else {
      try {
        const skip = options.respectGitignore === false ? undefined : await loadGitignore(files);
        const walk = { recursive: true, skipDirectories: IGNORED_DIRECTORIES, signal, ...(skip ? { skip } : {}) };
        await files.walk(target.path, walk, (entry) => {
          if (entry.kind === 'file' && (!fileFilter || fileFilter.test(entry.path.relative))) found.push(entry.path);
        });
      } catch (error) {
        return portFailure(error, target.path.relative, readFailed(target.path.relative));
      }
    }

    const sections: string[] = [];
    let results = 0;
    let capped = false;
    for (const file of found) {
      if (signal.aborted) return searchAborted();
      if (capped) break;
      const size = (await files.stat(file))?.size ?? 0;
      if (size > maxFileBytes) continue;
      // One byte past the cap: a file that grew since `stat` is skipped, not read whole.
      const bytes = await files.read(file, maxFileBytes + 1).catch(() => undefined);
      if (!bytes || bytes.length > maxFileBytes || looksBinary(bytes)) continue;
      // ignoreBOM keeps a byte order mark as text, as the file has it.
      const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).split(/\r?\n/);
      const hits: { line: number; text: string }[] = [];
      for (let i = 0; i < lines.length; i++) {
        if (!regex.test(lines[i])) continue;
        if (results >= maxResults) {
          capped = true;
          break;
        }
        results++;
        hits.push({
          line: i + 1,
          text: lines[i].length > MAX_LINE_CHARS ? `${lines[i].slice(0, MAX_LINE_CHARS)}…` : lines[i],
        });
      }
      if (hits.length > 0) sections.push(searchSection(file.relative, hits));
    }
    if (results === 0) return noSearchResults(toolUse.params.regex, toolUse.params.file_pattern?.trim());
    return searchResults(results, sections, capped ? maxResults : undefined);
  };
}
