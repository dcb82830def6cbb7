// agent-turn/mcp: tools from Model Context Protocol servers in a turn, on the official SDK
// (@modelcontextprotocol/client, an optional peer dependency). Named exports only;
// test/package/public-api.test.ts pins this list.
export { connectMcpServers, mcpServersOf } from './mcp-servers.js';
export type { McpServers, McpServersOptions, McpToolShape, McpSetupFields } from './mcp-servers.js';
export { connectMcpServer, DEFAULT_MCP_CALL_TIMEOUT_MS } from './mcp-connection.js';
export type {
  McpServerConnection,
  McpConnectOptions,
  McpCallOptions,
  McpTool,
  McpToolHints,
  McpResource,
  McpResourceTemplate,
} from './mcp-connection.js';
export { parseMcpConfig, isStdioServer, McpConfigError } from './mcp-config.js';
export type {
  McpServersConfig,
  McpServerConfig,
  McpStdioServerConfig,
  McpHttpServerConfig,
  McpServerCommon,
} from './mcp-config.js';
export { MAX_ELICITATION_ATTEMPTS } from './mcp-elicitation.js';
export type { McpElicitationRequest, McpElicitationAnswer, McpElicitationHandler } from './mcp-elicitation.js';
export { elicitationFields, elicitationValue, elicitationProblem } from './mcp-elicitation-form.js';
export type { McpElicitationField, McpElicitationChoice, McpElicitationContent } from './mcp-elicitation-form.js';
export { MCP_SIGN_IN_TIMEOUT_MS } from './mcp-sign-in.js';
export type { McpSignIn, McpSignInFactory } from './mcp-sign-in.js';
export { McpError } from './mcp-errors.js';
export type { McpErrorCode, McpCallOutcome } from './mcp-errors.js';
export { mcpServersPrompt, mcpToolDescriptions } from './mcp-prompt.js';
export { callResultText, readResultText, DEFAULT_MCP_RESULT_MAX_CHARS } from './mcp-result-text.js';
export type { McpTransportOptions } from './mcp-transport.js';
export { mcpToolName, MAX_NATIVE_TOOL_NAME_LENGTH } from '../../src/protocol/mcp-tool-name.js';
