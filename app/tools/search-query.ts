// The search_files parameters checked once for every workspace (disk or in-memory): the regex
// and the optional file glob, or the error result that says which one is wrong.
import type { ToolUse } from '../../src/parser/blocks.js';
import { globToRegExp } from './glob-pattern.js';
import { badGlob, badRegex } from './result-sentences.js';
import { requireParam } from './tool-params.js';
import type { ToolErrorResult } from './tool-types.js';

export interface SearchQuery {
  regex: RegExp;
  /** Files whose workspace path matches, when a file_pattern was given. */
  fileFilter: RegExp | undefined;
}

export function parseSearchQuery(toolUse: ToolUse): { ok: true; query: SearchQuery } | { ok: false; error: ToolErrorResult } {
  const regexParam = requireParam(toolUse, 'regex');
  if (!regexParam.ok) return regexParam;
  let regex: RegExp;
  try {
    regex = new RegExp(regexParam.value);
  } catch (error) {
    return { ok: false, error: badRegex(regexParam.value, (error as Error).message) };
  }
  const glob = toolUse.params.file_pattern?.trim();
  if (!glob) return { ok: true, query: { regex, fileFilter: undefined } };
  const compiled = globToRegExp(glob);
  if (!compiled.ok) return { ok: false, error: badGlob(glob, compiled.message) };
  return { ok: true, query: { regex, fileFilter: compiled.regexp } };
}
