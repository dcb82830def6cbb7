// agent-turn/core: the pure, isomorphic core (no XState) — the tag parser and protocols, the
// OpenAI-compatible wire, reply assembly and history, structured output, model profiles.
// Named exports only: this list is the public API (its report, api/*.api.md, pins it: npm run api:update).

// Parsing a reply into blocks (text, reasoning, tool use).
export { parseAssistantMessage, createStreamParser, ParserError, withDialects } from './parser/index.js';
export type {
  AssistantMessageContent,
  TextStreamContent,
  ReasoningStreamContent,
  ToolUse,
  ParseOptions,
  StreamParseOptions,
  StreamParser,
  ParserErrorCode,
} from './parser/index.js';

// The tag vocabulary and the prompt or native tool schemas that teach it.
export {
  defineProtocol,
  clineProtocol,
  clineThinkProtocol,
  ProtocolError,
  toolUsePrompt,
  nativeToolDefinitions,
  nativeToolUsePrompt,
  defaultToolDescriptions,
} from './protocol/index.js';
export type {
  Protocol,
  ProtocolDefinition,
  ToolDefinition,
  ToolParamsDefinition,
  ProtocolErrorCode,
  ToolDescription,
  ToolDescriptions,
  ToolParamDescription,
  ToolUsePromptOptions,
  DialectName,
  DialectsOption,
} from './protocol/index.js';

// Tools of one's own: a schema (Standard Schema or JSON Schema) and typed, checked arguments.
export { defineTool } from './tools/index.js';
export type {
  AgentTool,
  AgentToolConfig,
  AgentToolContext,
  AgentToolResult,
  ToolArguments,
  ToolArgumentsCheck,
  ToolParameters,
  JsonSchema,
  JsonSchemaTypeName,
  JsonObjectSchema,
  FromJsonSchema,
  StandardSchemaV1,
  StandardSchemaIssue,
  StandardSchemaResult,
} from './tools/index.js';

// The errors' one base (every thrown error is one, with a code), and one sentence for any thrown value.
export { AgentTurnError } from './errors/agent-turn-error.js';
export type { AgentTurnErrorOptions } from './errors/agent-turn-error.js';
export { AgentTurnOptionsError } from './errors/agent-turn-options-error.js';
export { describeError } from './errors/describe-error.js';

// OpenAI-compatible chat completions: the client, the stream reader, the typed error.
export {
  createChatClient,
  readChatCompletionStream,
  ChatError,
  isChatError,
  mergeReasoningDetails,
  CHAT_WIRES,
  DEFAULT_CHAT_LIMITS,
} from './wire/index.js';
export type {
  ChatClient,
  ChatClientOptions,
  FetchLike,
  ChatRequest,
  ChatMessage,
  ChatRole,
  ChatToolCall,
  ChatToolDefinition,
  ResponseFormat,
  ChatStreamEvent,
  ChatUsage,
  ChatCompletionResult,
  ChatErrorCode,
  ChatErrorDetails,
  ChatErrorJSON,
  ChatStreamSource,
  ReadChatStreamOptions,
  ChatLimits,
  ChatRequestOptions,
  ChatWire,
} from './wire/index.js';

// A streamed reply as blocks, and the history messages of a finished reply.
export {
  createBlockAssembler,
  BlockAssemblerError,
  assistantHistoryMessage,
  toolResultMessages,
} from './reply/index.js';
export type { BlockAssembler, BlockAssemblerOptions, ToolResultEntry, AssistantReply } from './reply/index.js';

// Structured (JSON) output, whatever the model supports.
export { requestStructured, StructuredOutputError, parseJsonLoose } from './structured/index.js';
export type {
  StructuredRequestOptions,
  StructuredResult,
  StructuredFormat,
  StructuredOutputErrorCode,
} from './structured/index.js';

// What is known about real models' streams and response formats.
export {
  profileFor,
  registerModelProfile,
  modelProfiles,
  ModelProfileError,
  historyRuleOf,
  DEFAULT_HISTORY_RULE,
  listModelProfiles,
  contextLimitsFor,
} from './profiles/index.js';
export type {
  ModelProfile,
  ReasoningStyle,
  InactiveKeyConvention,
  JsonSchemaSupport,
  StructuredOutputSupport,
  HistoryRule,
  HistoryReasoning,
  OpaqueHistoryField,
} from './profiles/index.js';

// Fitting a long conversation into a model's context window.
export { compactHistory, planCompaction, estimatePromptTokens } from './window/index.js';
export type { CompactHistoryOptions, CompactionResult, CompactionPlan } from './window/index.js';
