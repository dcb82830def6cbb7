// The search_files parameters checked once for every workspace (disk or in-memory): the regex
// and the optional file glob, or the error result that says which one is wrong.
import type { ToolUse } from '../../src/parser/blocks.js';
import { globToRegExp } from './glob-pattern.js';
import { requireParam, toolError } from './tool-types.js';

export interface SearchQuery {
  regex: RegExp;
  /** Files whose workspace path matches, when a file_pattern was given. */
  fileFilter: RegExp | undefined;
}

export function parseSearchQuery(toolUse: ToolUse): { ok: true; query: SearchQuery } | { ok: false; error: ReturnType<typeof toolError> } {
  const regexParam = requireParam(toolUse, 'regex');
  if (!regexParam.ok) return regexParam;
  let regex: RegExp;
  try {
    regex = new RegExp(regexParam.value);
  } catch (error) {
    return { ok: false, error: toolError('bad-regex', `The regex ${JSON.stringify(regexParam.value)} is not valid: ${(error as Error).message}`) };
  }
  const glob = toolUse.params.file_pattern?.trim();
  if (!glob) return { ok: true, query: { regex, fileFilter: undefined } };
  const compiled = globToRegExp(glob);
  if (!compiled.ok) return { ok: false, error: toolError('invalid-param', `The file_pattern ${JSON.stringify(glob)} is not a valid glob: ${compiled.message}`) };
  return { ok: true, query: { regex, fileFilter: compiled.regexp } };
}

/** The answer when nothing matched: says what was searched, so the model can widen it. */
export function noSearchResults(toolUse: ToolUse): string {
  const glob = toolUse.params.file_pattern?.trim();
  return `Found 0 results for /${toolUse.params.regex}/${glob ? ` in files matching ${glob}` : ''}.`;
}
