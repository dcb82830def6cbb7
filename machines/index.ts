// agent-turn: the XState machine that runs one agent turn, plus everything of agent-turn/core.
// Named exports only: this list is the public API (its report, api/*.api.md, pins it: npm run api:update).
// A bundler keeps XState out of an import that uses only the core's names (the machine's
// module-level creation is marked pure).

// Everything of agent-turn/core (src/index.ts), name for name.
export {
  parseAssistantMessage,
  createStreamParser,
  ParserError,
  withDialects,
  defineProtocol,
  clineProtocol,
  clineThinkProtocol,
  ProtocolError,
  toolUsePrompt,
  nativeToolDefinitions,
  nativeToolUsePrompt,
  defaultToolDescriptions,
  createChatClient,
  CHAT_WIRES,
  DEFAULT_CHAT_LIMITS,
  readChatCompletionStream,
  ChatError,
  isChatError,
  createBlockAssembler,
  BlockAssemblerError,
  assistantHistoryMessage,
  toolResultMessages,
  requestStructured,
  StructuredOutputError,
  parseJsonLoose,
  profileFor,
  registerModelProfile,
  modelProfiles,
  ModelProfileError,
  historyRuleOf,
  DEFAULT_HISTORY_RULE,
  listModelProfiles,
  contextLimitsFor,
  compactHistory,
  planCompaction,
  estimatePromptTokens,
  mergeReasoningDetails,
  defineTool,
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
  DialectName,
  DialectsOption,
  ChatClient,
  ChatWire,
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
  HistoryRule,
  HistoryReasoning,
  OpaqueHistoryField,
  AssistantReply,
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
  CompactHistoryOptions,
  CompactionResult,
  CompactionPlan,
} from '../src/index.js';

// Running a turn: the common case, a UI's actor, the machine itself.
export { runAgentTurn, createAgentTurnActor, agentTurnInput } from './machine/agent-turn-actor.js';
export { DEFAULT_MAX_REQUESTS } from './machine/turn-context.js';
export { toolPolicyNames } from './machine/tool-policy-names.js';
export { AgentTurnOptionsError } from './machine/check-turn-setup.js';
export { TurnRecordError, checkTurnRecord } from './record/turn-record.js';
export type { AgentTurnSetup, AgentTurnActor, ResumeAgentTurnSetup } from './machine/agent-turn-actor.js';
export type {
  PersistedAgentTurn,
  PersistedTurnState,
  PersistedTurnOutput,
  PersistedTurnOptions,
  PersistedReply,
  PersistedRequest,
  PlainChatError,
  ResumePoint,
} from './record/turn-record-types.js';
export { agentTurnMachine } from './machine/agent-turn-machine.js';
export type { AgentTurnMachine } from './machine/agent-turn-machine.js';
export type { AgentTurnMachineInput } from './machine/agent-turn-machine-input.js';
export type {
  AgentTurnInput,
  AgentTurnOptions,
  AgentTurnOutput,
  AgentTurnEvent,
  ToolFunction,
  ToolFunctionResult,
  ToolFunctions,
  ToolsPerMessage,
  TurnTools,
  EndTurn,
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
} from './machine/agent-turn-types.js';

// Rendering a turn: the view model of a snapshot, the phase, the state diagram.
export { selectView, isBlockSettled } from './view/select-view.js';
export type {
  AgentTurnView,
  RequestView,
  BlockView,
  BlockPlace,
  TextBlockView,
  ReasoningBlockView,
  ToolBlockView,
  SettledBlockView,
  ToolState,
  BlockStatus,
  ProseStatus,
  ToolBlockStatus,
  TokenTotals,
  ErrorView,
  RetryView,
  ContextView,
  TruncationView,
} from './view/turn-view-types.js';
export type { TurnPhase } from './view/turn-phase.js';
export { machineToMermaid } from './graph/machine-to-mermaid.js';
export { readMachineGraph } from './graph/machine-graph.js';
export type {
  MachineGraph,
  MachineGraphNode,
  MachineGraphTransition,
  EdgeKind,
  StateNodeLike,
  TransitionLike,
} from './graph/machine-graph.js';
export { describeEvent } from './graph/machine-directed-graph.js';
export { dialectsForModel } from './machine/model-dialects.js';
export type {
  TurnHooks,
  ToolCheck,
  ToolReview,
  StopCheck,
  StopHookInput,
  ToolHookResult,
} from './machine/turn-hooks.js';
export type { TurnMode } from './machine/plan-mode.js';
export { DEFAULT_READ_ONLY_TOOLS } from './machine/plan-mode.js';
