// The names a tool use answers to in the `approval` and `idempotentTools` lists: its own, and for
// Cline's MCP tags the server and tool they reach (`use_mcp_tool:memory/read_graph`,
// `access_mcp_resource:memory`), so one MCP tool can run unasked while another waits.
import type { ToolUse } from '../../src/parser/blocks.js';

const param = (toolUse: ToolUse, name: string): string | undefined => {
  const value = Object.hasOwn(toolUse.params, name) ? toolUse.params[name] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** `[name]`, plus `name:<server>/<tool>` for a tool use with `server_name` and `tool_name`, or `name:<server>` with `server_name` alone. */
export function toolPolicyNames(toolUse: ToolUse): string[] {
  const server = param(toolUse, 'server_name');
  if (server === undefined) return [toolUse.name];
  const tool = param(toolUse, 'tool_name');
  return [toolUse.name, tool === undefined ? `${toolUse.name}:${server}` : `${toolUse.name}:${server}/${tool}`];
}

/** Whether a name list (approval, idempotentTools) covers this tool use. */
export function listCovers(list: readonly string[], toolUse: ToolUse): boolean {
  return toolPolicyNames(toolUse).some((name) => list.includes(name));
}
