// What the model is told about MCP: the two Cline tools' descriptions (tag mode and the native
// resource tool) and the "MCP servers" section that lists each connected server's tools with their
// input schemas, its resource templates and its resources.
import type { ToolDescriptions } from '../../src/protocol/tool-descriptions.js';
import type { McpServerConnection } from './mcp-connection.js';
import { isStdioServer } from './mcp-config.js';

/** `use_mcp_tool` and `access_mcp_resource` in Cline's words (its parameters, for the prompt and native schemas). */
export const mcpToolDescriptions: ToolDescriptions = {
  use_mcp_tool: {
    description:
      'Use a tool of a connected MCP server (listed under "MCP servers"). Each tool has an input schema: the arguments must fit it.',
    params: {
      server_name: { description: 'The name of the MCP server that provides the tool.', example: 'memory' },
      tool_name: { description: 'The name of the tool to run.', example: 'read_graph' },
      arguments: {
        description: "The tool's input as a JSON object that follows its input schema.",
        example: '{}',
      },
    },
  },
  access_mcp_resource: {
    description: 'Read a resource of a connected MCP server (a file, a record, an API response) by its URI.',
    params: {
      server_name: { description: 'The name of the MCP server that provides the resource.', example: 'everything' },
      uri: {
        description: 'The URI of the resource (one listed, or one made from a resource template).',
        example: 'demo://resource/static/document/architecture.md',
      },
    },
  },
};

function where(server: McpServerConnection): string {
  const c = server.config;
  return isStdioServer(c) ? `\`${[c.command, ...(c.args ?? [])].join(' ')}\`` : c.url;
}

/**
 * The "MCP servers" section of the system prompt (tag mode, and native mode's resources): each
 * connected server with its tools and their input schemas, its resource templates and resources.
 * `withSchemas: false` leaves the schemas out (native mode sends them as the tools' parameters).
 */
export function mcpServersPrompt(
  servers: readonly McpServerConnection[],
  options: {
    withSchemas?: boolean;
    toolNames?: (tool: { server: string; name: string; nativeName: string }) => string;
  } = {},
): string {
  const connected = servers.filter((s) => s.status === 'connected');
  if (connected.length === 0) return '';
  const withSchemas = options.withSchemas !== false;
  const out = [
    '# MCP servers',
    '',
    withSchemas
      ? "These Model Context Protocol servers are connected. Use a tool with use_mcp_tool (server_name, tool_name, arguments as JSON that follows the tool's input schema); read a resource with access_mcp_resource (server_name, uri)."
      : 'These Model Context Protocol servers are connected; their tools are in your tool list. Read a resource with access_mcp_resource (server_name, uri).',
  ];
  for (const server of connected) {
    out.push('', `## ${server.name} (${where(server)})`);
    if (server.tools.length > 0) {
      out.push('', '### Available tools');
      for (const tool of server.tools) {
        const shown = options.toolNames ? options.toolNames(tool) : tool.name;
        out.push(`- ${shown}${tool.description ? `: ${tool.description.trim()}` : ''}`);
        if (withSchemas) out.push('    Input schema:', `    ${JSON.stringify(tool.inputSchema)}`);
      }
    }
    if (server.resourceTemplates.length > 0) {
      out.push('', '### Resource templates');
      for (const t of server.resourceTemplates)
        out.push(`- ${t.uriTemplate} (${t.name})${t.description ? `: ${t.description.trim()}` : ''}`);
    }
    if (server.resources.length > 0) {
      out.push('', '### Direct resources');
      for (const r of server.resources)
        out.push(`- ${r.uri} (${r.name})${r.description ? `: ${r.description.trim()}` : ''}`);
    }
  }
  return out.join('\n');
}
