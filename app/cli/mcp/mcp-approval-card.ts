// The approval card of an MCP call: which server, which tool, and the arguments as formatted JSON
// (tag mode's `arguments` text parsed; a native call's params decoded as the tool received them).
import type { McpTool } from 'agent-turn/mcp';
import type { Style } from '../display/ansi-style.js';

const byNativeName = new Map<string, McpTool>();

/** Remembers the run's MCP tools, so a native `mcp__…` call's card can name its server and tool. */
export function registerMcpTools(tools: readonly McpTool[]): void {
  for (const tool of tools) byNativeName.set(tool.nativeName, tool);
}

/** Whether a tool use is an MCP call (a Cline tag or a native MCP function). */
export function isMcpToolUse(tool: { name: string }): boolean {
  return tool.name === 'use_mcp_tool' || tool.name === 'access_mcp_resource' || byNativeName.has(tool.name);
}

function pretty(text: string | undefined): string {
  if (text === undefined || text.trim() === '') return '{}';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text; // shown as sent; the call itself will be refused as not JSON
  }
}

function nativeArguments(params: Record<string, string>): string {
  const value: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(params)) {
    try {
      value[key] = /^\s*[[{\d"tfn-]/.test(raw) && raw.trim() !== '' ? JSON.parse(raw) : raw;
    } catch {
      value[key] = raw;
    }
  }
  return JSON.stringify(value, null, 2);
}

/** The card's lines and question; `reveal` shows hidden characters the way the other cards do. */
export function mcpApprovalCard(
  tool: { name: string; params: Record<string, string> },
  style: Style,
  reveal: (text: string) => string,
): { lines: string[]; question: string; viewLabel: string } {
  const native = byNativeName.get(tool.name);
  const server = native?.server ?? tool.params.server_name ?? '?';
  if (tool.name === 'access_mcp_resource') {
    return {
      lines: [
        `  ${style.dim('MCP server:')} ${reveal(server)}`,
        `  ${style.dim('resource:')} ${reveal(tool.params.uri ?? '')}`,
      ],
      question: `Read this resource from ${reveal(server)}?`,
      viewLabel: 'view it again',
    };
  }
  const name = native?.name ?? tool.params.tool_name ?? '?';
  const args = native ? nativeArguments(tool.params) : pretty(tool.params.arguments);
  return {
    lines: [
      `  ${style.dim('MCP server:')} ${reveal(server)}`,
      `  ${style.dim('tool:')} ${reveal(name)}${native?.hints.readOnlyHint ? style.dim(' (says it only reads)') : ''}`,
      `  ${style.dim('arguments:')}`,
      ...args.split('\n').map((l) => `  ${style.dim('│')} ${reveal(l)}`),
    ],
    question: `Run ${reveal(name)} on ${reveal(server)}?`,
    viewLabel: 'view the call again',
  };
}
