// The search_files parameters checked once for every workspace (disk or in-memory): the regex
// and the optional file glob, or the error result that says which one is wrong.
import type { ToolUse } from 'agent-turn';
import { globToRegExp } from './glob-pattern.js';
import { compileLinearRegex, type LinearRegex } from './linear-regex.js';
import { badGlob, badRegex } from '../result-sentences.js';
import { requireParam } from '../tool-params.js';
import type { ToolErrorResult } from '../tool-types.js';

/** A checked search: both patterns match in time linear in the text (RE2), so no regex can hang a search. */
export interface SearchQuery {
  regex: LinearRegex;
  /** Files whose workspace path matches, when a file_pattern was given. */
  fileFilter: LinearRegex | undefined;
}

/** The regex and file_pattern of a search_files call, compiled, or the error result naming the bad one. */
export function parseSearchQuery(
  toolUse: ToolUse,
): { ok: true; query: SearchQuery } | { ok: false; error: ToolErrorResult } {
  const regexParam = requireParam(toolUse, 'regex');
  if (!regexParam.ok) return regexParam;
  const compiled = compileLinearRegex(regexParam.value);
  if (!compiled.ok) return { ok: false, error: badRegex(regexParam.value, compiled.message) };
  const { regex } = compiled;
  const glob = toolUse.params.file_pattern?.trim();
  if (!glob) return { ok: true, query: { regex, fileFilter: undefined } };
  const filter = globToRegExp(glob);
  if (!filter.ok) return { ok: false, error: badGlob(glob, filter.message) };
  return { ok: true, query: { regex, fileFilter: filter.regexp } };
}
