// The MCP servers' tools as the turn's tool functions and native definitions: the tag shape's
// use_mcp_tool / access_mcp_resource, or one `mcp__<server>__<tool>` function per tool. Arguments
// are checked against the tool's input schema before anything is sent.
import type { ToolFunctions } from '../../machines/machine/tool-function-types.js';
import type { ToolUse } from '../../src/parser/blocks.js';
import type { ChatToolDefinition } from '../../src/wire/types.js';
import { argumentProblem, argumentsFromJson, argumentsFromParams, type McpArguments } from './mcp-arguments.js';
import type { McpServerConnection, McpTool } from './mcp-connection.js';
import { failureResult, McpError, type McpCallOutcome } from './mcp-errors.js';

/** `'tag'`: Cline's use_mcp_tool / access_mcp_resource; `'native'`: one `mcp__<server>__<tool>` function per tool. */
export type McpToolShape = 'tag' | 'native';

/** The tool that reads a resource (both shapes). */
export const RESOURCE_TOOL = 'access_mcp_resource';
/** The tag shape's one tool that calls any MCP tool. */
export const TAG_TOOL = 'use_mcp_tool';

/** The connected servers and the tools offered of them. */
export interface McpLive {
  readonly live: readonly McpServerConnection[];
  readonly tools: readonly McpTool[];
}

function param(toolUse: ToolUse, name: string): string | undefined {
  return Object.hasOwn(toolUse.params, name) ? toolUse.params[name] : undefined;
}

/** Runs a call's outcome into a tool result. */
function asResult(outcome: McpCallOutcome) {
  return outcome.ok ? { content: outcome.content, isError: outcome.isError } : failureResult(outcome.error);
}

/** The turn's tool functions of the servers for this shape (tag: `use_mcp_tool`, `access_mcp_resource`; native: one per tool). */
export function mcpToolFunctions({ live, tools }: McpLive, shape: McpToolShape): ToolFunctions {
  const serverOf = (name: string | undefined) => live.find((c) => c.name === name);
  const hasResources = live.some((c) => c.resources.length > 0 || c.resourceTemplates.length > 0);

  async function call(tool: McpTool, args: McpArguments, signal: AbortSignal) {
    const server = serverOf(tool.server) as McpServerConnection;
    if (!args.ok)
      return failureResult(
        new McpError('mcp-invalid-arguments', `${args.problem}. Nothing was sent.`, tool.server, tool.name),
      );
    const problem = argumentProblem(args.value, tool.inputSchema);
    if (problem !== undefined)
      return failureResult(
        new McpError(
          'mcp-invalid-arguments',
          `${problem}. Nothing was sent; the input schema of ${tool.name} is ${JSON.stringify(tool.inputSchema)}`,
          tool.server,
          tool.name,
        ),
      );
    return asResult(await server.callTool(tool.name, args.value, { signal }));
  }

  async function readResource(toolUse: ToolUse, signal: AbortSignal) {
    const serverName = param(toolUse, 'server_name');
    const uri = param(toolUse, 'uri');
    const server = serverOf(serverName);
    if (server === undefined) return unknownServer(serverName);
    if (uri === undefined || uri.trim() === '')
      return failureResult(
        new McpError('mcp-invalid-arguments', 'uri is missing: name the resource to read', server.name),
      );
    return asResult(await server.readResource(uri.trim(), { signal }));
  }

  function unknownServer(name: string | undefined) {
    const known = live.map((c) => c.name);
    return failureResult(
      new McpError(
        'mcp-unknown-server',
        `${name === undefined || name === '' ? 'server_name is missing' : `no MCP server is named "${name}"`}. ${known.length ? `Connected servers: ${known.join(', ')}.` : 'No MCP server is connected.'}`,
        name,
      ),
    );
  }

  const out: ToolFunctions = {};
  if (shape === 'tag') {
    out[TAG_TOOL] = async (toolUse, { signal }) => {
      const serverName = param(toolUse, 'server_name');
      const server = serverOf(serverName);
      if (server === undefined) return unknownServer(serverName);
      const toolName = param(toolUse, 'tool_name');
      const tool = tools.find((t) => t.server === server.name && t.name === toolName);
      if (tool === undefined) {
        const names = tools.filter((t) => t.server === server.name).map((t) => t.name);
        return failureResult(
          new McpError(
            'mcp-unknown-tool',
            `${toolName ? `the server "${server.name}" has no tool "${toolName}"` : 'tool_name is missing'}. Its tools: ${names.join(', ') || 'none'}.`,
            server.name,
            toolName,
          ),
        );
      }
      return call(tool, argumentsFromJson(param(toolUse, 'arguments')), signal);
    };
    if (hasResources || live.length > 0) out[RESOURCE_TOOL] = (toolUse, { signal }) => readResource(toolUse, signal);
    return out;
  }
  for (const tool of tools)
    out[tool.nativeName] = (toolUse, { signal }) =>
      call(tool, argumentsFromParams(toolUse.params, tool.inputSchema), signal);
  if (hasResources) out[RESOURCE_TOOL] = (toolUse, { signal }) => readResource(toolUse, signal);
  return out;
}

/** Native mode: the OpenAI `tools` entries of the MCP tools (their JSON schemas as parameters). */
export function mcpToolDefinitions(tools: readonly McpTool[]): ChatToolDefinition[] {
  return tools.map((tool) => ({
    type: 'function' as const,
    function: {
      name: tool.nativeName,
      description: `${tool.description?.trim() || `The ${tool.name} tool`} (MCP server "${tool.server}", tool "${tool.name}")`,
      parameters: tool.inputSchema,
    },
  }));
}
