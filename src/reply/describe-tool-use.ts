// How a tool result is introduced to the model in the tag protocol, in Cline's words:
// "[read_file for 'src/a.ts'] Result:". A tool is named by its main parameter.
import type { ToolUse } from '../parser/blocks.js';

/** Parameters that identify what a tool acted on, most telling first. */
const MAIN_PARAMS = [
  'regex',
  'path',
  'absolutePath',
  'command',
  'url',
  'uri',
  'query',
  'question',
  'server_name',
  'action',
  'skill_name',
  'title',
] as const;

/** "[read_file for 'src/a.ts']", "[search_files for 'TODO' in '*.ts']", "[attempt_completion]". */
export function describeToolUse(toolUse: ToolUse): string {
  const params = toolUse.params;
  for (const name of MAIN_PARAMS) {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (typeof value !== 'string' || value === '') continue;
    const pattern = name === 'regex' ? params.file_pattern : undefined;
    const where = typeof pattern === 'string' && pattern !== '' ? ` in '${pattern}'` : '';
    const what =
      name === 'server_name' && typeof params.tool_name === 'string' && params.tool_name !== ''
        ? ` (${params.tool_name})`
        : '';
    return `[${toolUse.name} for '${value}'${where}${what}]`;
  }
  return `[${toolUse.name}]`;
}
