// agent-turn: the XState machine that runs one agent turn, plus everything of agent-turn/core.
// Named exports only: this list is the public API (its report, api/*.api.md, pins it: npm run api:update).
// A bundler keeps XState out of an import that uses only the core's names (the machine's
// module-level creation is marked pure).

// Everything of agent-turn/core (src/index.ts), name for name.
export {
  parseAssistantMessage,
  createStreamParser,
  ParserError,
  defineProtocol,
  clineProtocol,
  clineThinkProtocol,
  ProtocolError,
  toolUsePrompt,
  nativeToolDefinitions,
  defaultToolDescriptions,
  createChatClient,
  readChatCompletionStream,
  ChatError,
  isChatError,
  createBlockAssembler,
  BlockAssemblerError,
  assistantHistoryMessage,
  toolResultMessages,
  requestStructured,
  StructuredOutputError,
  profileFor,
  registerModelProfile,
  modelProfiles,
  ModelProfileError,
} from '../src/index.js';
export type {
  AssistantMessageContent,
  TextStreamContent,
  ReasoningStreamContent,
  ToolUse,
  ParseOptions,
  StreamParseOptions,
  StreamParser,
  ParserErrorCode,
  Protocol,
  ProtocolDefinition,
  ToolDefinition,
  ToolParamsDefinition,
  ProtocolErrorCode,
  ToolDescription,
  ToolDescriptions,
  ToolParamDescription,
  ToolUsePromptOptions,
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
  ChatStreamSource,
  ReadChatStreamOptions,
  ChatLimits,
  ChatRequestOptions,
  BlockAssembler,
  BlockAssemblerOptions,
  ToolResultEntry,
  StructuredRequestOptions,
  StructuredResult,
  StructuredFormat,
  StructuredOutputErrorCode,
  ModelProfile,
  ReasoningStyle,
  InactiveKeyConvention,
  JsonSchemaSupport,
  StructuredOutputSupport,
} from '../src/index.js';

// Running a turn: the common case, a UI's actor, the machine itself.
export { runAgentTurn, createAgentTurnActor } from './agent-turn-actor.js';
export type { AgentTurnSetup, AgentTurnActor, ResumeAgentTurnSetup } from './agent-turn-actor.js';
export type {
  PersistedAgentTurn,
  PersistedTurnState,
  PersistedTurnOutput,
  PersistedTurnOptions,
  PersistedReply,
  PersistedRequest,
  PlainChatError,
  ResumePoint,
} from './turn-record-types.js';
export { agentTurnMachine } from './agent-turn-machine.js';
export type { AgentTurnMachine } from './agent-turn-machine.js';
export type { AgentTurnMachineInput } from './agent-turn-machine-input.js';
export type {
  AgentTurnInput,
  AgentTurnOptions,
  AgentTurnOutput,
  AgentTurnEvent,
  ToolFunction,
  ToolFunctionResult,
  ToolFunctions,
  ToolsPerMessage,
  RetryPolicy,
  NudgePolicy,
  DrainPolicy,
  TurnRequest,
  TurnToolResult,
  TurnUsage,
  TurnEndReason,
  RequestStatus,
  ToolOutcomeStatus,
  ContextTruncation,
} from './agent-turn-types.js';

// Rendering a turn: the view model of a snapshot, the phase, the state diagram.
export { selectView, isBlockSettled } from './select-view.js';
export type {
  AgentTurnView,
  RequestView,
  BlockView,
  BlockPlace,
  TextBlockView,
  ReasoningBlockView,
  ToolBlockView,
  ToolState,
  BlockStatus,
  ProseStatus,
  ToolBlockStatus,
  TokenTotals,
  ErrorView,
  RetryView,
  ContextView,
  TruncationView,
} from './turn-view-types.js';
export type { TurnPhase } from './turn-phase.js';
export { machineToMermaid } from './machine-to-mermaid.js';
