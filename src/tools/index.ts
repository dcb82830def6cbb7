export { defineTool } from './define-tool.js';
export type {
  AgentTool,
  AgentToolConfig,
  AgentToolContext,
  AgentToolResult,
  ToolArguments,
  ToolArgumentsCheck,
  ToolParameters,
} from './define-tool.js';
export type { JsonSchema, JsonSchemaTypeName, JsonObjectSchema, FromJsonSchema } from './json-schema-types.js';
export type { StandardSchemaV1, StandardSchemaIssue, StandardSchemaResult } from './standard-schema.js';
