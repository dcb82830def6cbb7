// How a tool use looks in an editor speaking ACP: its kind (the icon an editor shows), a short
// title, the files it touches (absolute paths an editor can open) and the input it was given.
import path from 'node:path';
import type { ToolCallLocation, ToolKind } from '@agentclientprotocol/sdk';

/** The ACP kind of each workspace tool; any other tool (an MCP server's) is `other`. */
const KINDS: Record<string, ToolKind> = {
  read_file: 'read',
  list_files: 'search',
  search_files: 'search',
  write_to_file: 'edit',
  replace_in_file: 'edit',
  execute_command: 'execute',
};

/** Parameters the diff already carries: left out of `rawInput` so a 1 MB write crosses the wire once. */
const CARRIED_BY_DIFF: Record<string, readonly string[]> = {
  write_to_file: ['content'],
  replace_in_file: ['diff'],
};

/** The ACP kind of a tool by its name. */
export function toolKindOf(tool: string): ToolKind {
  return KINDS[tool] ?? 'other';
}

/** A one-line title for a tool use ("Read README.md", "Run `npm test`"), from its parameters so far. */
export function toolTitleOf(tool: string, params: Readonly<Record<string, string | undefined>>): string {
  const p = params.path?.trim();
  switch (tool) {
    case 'read_file':
      return p ? `Read ${p}` : 'Read a file';
    case 'list_files':
      return `List ${p || '.'}`;
    case 'search_files':
      return `Search ${params.regex ? `/${params.regex}/ ` : ''}in ${p || '.'}`;
    case 'write_to_file':
      return p ? `Write ${p}` : 'Write a file';
    case 'replace_in_file':
      return p ? `Edit ${p}` : 'Edit a file';
    case 'execute_command':
      return params.command ? `Run \`${params.command.trim().split('\n')[0]}\`` : 'Run a command';
    default:
      return tool;
  }
}

/** The file a tool use names, as an absolute location under the workspace root; none when it names none. */
export function toolLocationsOf(
  root: string,
  params: Readonly<Record<string, string | undefined>>,
): ToolCallLocation[] {
  const p = params.path?.trim();
  return p ? [{ path: path.resolve(root, p) }] : [];
}

/** The tool's input as `rawInput`: its parameters, less what the diff of a write carries anyway. */
export function toolInputOf(tool: string, params: Readonly<Record<string, string>>): Record<string, string> {
  const left = CARRIED_BY_DIFF[tool];
  if (!left) return { ...params };
  return Object.fromEntries(Object.entries(params).filter(([name]) => !left.includes(name)));
}
