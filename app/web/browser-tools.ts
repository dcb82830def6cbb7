// Cline's tools over the in-memory workspace, with the same result wording as the Node tools in
// app/tools (the scripted model reads those results). Errors are coded results, never throws.
import type { ToolFunctions } from '../../machines/agent-turn-types.js';
import { applySearchReplaceBlocks, parseSearchReplaceDiff } from '../tools/search-replace-diff.js';
import { noSearchResults, parseSearchQuery } from '../tools/search-query.js';
import { isTrueParam, requireParam, toolError } from '../tools/tool-types.js';
import { listEntries, type MemoryWorkspace } from './memory-workspace.js';
import { runDemoCommand } from './demo-command.js';

/** Tools that change files or run commands: they wait for Approve in the page by default. */
export const APPROVAL_TOOL_NAMES = ['write_to_file', 'replace_in_file', 'execute_command'] as const;

function countLines(text: string): number {
  if (text === '') return 0;
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

function isDirectory(ws: MemoryWorkspace, path: string): boolean {
  return path === '' || ws.directories().includes(path);
}

export function createBrowserTools(ws: MemoryWorkspace): ToolFunctions {
  const resolve = (raw: string) => ws.resolve(raw);

  return {
    list_files(toolUse) {
      const target = resolve(toolUse.params.path ?? '.');
      if (!target.ok) return toolError('outside-workspace', target.error.message);
      if (ws.read(target.path) !== undefined) return toolError('not-a-directory', `${target.path} is not a directory.`);
      if (!isDirectory(ws, target.path)) return toolError('not-found', `Directory not found: ${target.path}`);
      const lines = listEntries(ws, target.path, isTrueParam(toolUse.params.recursive));
      return lines.length === 0 ? `${target.path || '.'} is empty.` : lines.join('\n');
    },

    read_file(toolUse) {
      const param = requireParam(toolUse, 'path');
      if (!param.ok) return param.error;
      const target = resolve(param.value);
      if (!target.ok) return toolError('outside-workspace', target.error.message);
      const content = ws.read(target.path);
      if (content !== undefined) return content;
      if (isDirectory(ws, target.path)) return toolError('not-a-file', `${target.path} is not a file (it is a directory; use list_files).`);
      return toolError('not-found', `File not found: ${target.path}`);
    },

    search_files(toolUse) {
      const parsed = parseSearchQuery(toolUse);
      if (!parsed.ok) return parsed.error;
      const { regex, fileFilter } = parsed.query;
      const target = resolve(toolUse.params.path ?? '.');
      if (!target.ok) return toolError('outside-workspace', target.error.message);
      const prefix = target.path === '' ? '' : `${target.path}/`;
      const sections: string[] = [];
      let results = 0;
      for (const file of ws.files()) {
        if (file !== target.path && !file.startsWith(prefix)) continue;
        if (fileFilter && !fileFilter.test(file)) continue;
        const hits: string[] = [];
        (ws.read(file) ?? '').split(/\r?\n/).forEach((line, i) => {
          regex.lastIndex = 0;
          if (regex.test(line)) hits.push(`  ${i + 1}: ${line}`);
        });
        results += hits.length;
        if (hits.length > 0) sections.push(`${file}\n${hits.join('\n')}`);
      }
      if (results === 0) return noSearchResults(toolUse);
      return `Found ${results} result${results === 1 ? '' : 's'}.\n\n${sections.join('\n\n')}`;
    },

    write_to_file(toolUse) {
      const param = requireParam(toolUse, 'path');
      if (!param.ok) return param.error;
      const content = toolUse.params.content;
      if (content === undefined) return toolError('missing-param', 'write_to_file needs the parameter <content>.');
      const target = resolve(param.value);
      if (!target.ok) return toolError('outside-workspace', target.error.message);
      if (isDirectory(ws, target.path)) return toolError('not-a-file', `${target.path || '.'} is a directory.`);
      const { created } = ws.write(target.path, content);
      const bytes = new TextEncoder().encode(content).length;
      return `${created ? 'Created' : 'Wrote'} ${target.path} (${bytes} bytes, ${countLines(content)} lines).`;
    },

    replace_in_file(toolUse) {
      const pathParam = requireParam(toolUse, 'path');
      if (!pathParam.ok) return pathParam.error;
      const diffParam = requireParam(toolUse, 'diff');
      if (!diffParam.ok) return diffParam.error;
      const target = resolve(pathParam.value);
      if (!target.ok) return toolError('outside-workspace', target.error.message);
      const parsed = parseSearchReplaceDiff(diffParam.value);
      if (!parsed.ok) return toolError(parsed.error.code, `${parsed.error.message} ${target.path} was not changed.`);
      const original = ws.read(target.path);
      if (original === undefined && parsed.blocks.some((b) => b.search !== '')) {
        return toolError('not-found', `File not found: ${target.path}. Use write_to_file to create it.`);
      }
      const applied = applySearchReplaceBlocks(original ?? '', parsed.blocks);
      if (!applied.ok) return toolError(applied.error.code, `${applied.error.message} No changes were made to ${target.path}; read the file and retry with its exact text.`);
      if (applied.content === original) return `${target.path} already had this content; nothing changed.`;
      ws.write(target.path, applied.content);
      const n = parsed.blocks.length;
      return `Applied ${n} edit${n === 1 ? '' : 's'} to ${target.path}.`;
    },

    execute_command(toolUse) {
      const param = requireParam(toolUse, 'command');
      if (!param.ok) return param.error;
      return runDemoCommand(ws, param.value);
    },

    ask_followup_question(toolUse) {
      // The page has no separate question box: the model is told to go on with what it has.
      const question = toolUse.params.question ?? '';
      return `The user did not answer "${question}" in this demo. Go on with your best judgement.`;
    },
  };
}
