// The agent-turn machine's vocabulary: its input, context, events and output.
import type { AssistantMessageContent, ToolUse } from '../src/parser/blocks.js';
import type { Protocol } from '../src/protocol/define-protocol.js';
import type { ChatError } from '../src/wire/errors.js';
import type { ChatClient, ChatMessage, ChatRequest, ChatStreamEvent, ChatToolDefinition, ChatUsage } from '../src/wire/types.js';
import type { ToolResultEntry } from '../src/reply/history.js';
import type { ChatActorEvent, ChatBacklog } from './chat-actor-types.js';
export type { ChatActorEvent, ChatActorInput, ChatBacklog } from './chat-actor-types.js';
import type { ReplyAssembly } from './reply-assembly.js';

/** What a tool function may return: plain text, or text flagged as an error. */
export type ToolFunctionResult = string | { content: string; isError?: boolean };

/** A tool the agent may call. Its signal fires when the turn is aborted. */
export type ToolFunction = (toolUse: ToolUse, context: { signal: AbortSignal }) => Promise<ToolFunctionResult> | ToolFunctionResult;

export type ToolFunctions = Record<string, ToolFunction>;

/** `'one'`: Cline's rule, the first tool ends the message; `'sequential'`: each tool runs as it completes. */
export type ToolsPerMessage = 'one' | 'sequential';

export interface RetryPolicy {
  /** Wait before each retry; its length is the number of retries. Default `[2000, 4000, 8000]`. */
  delaysMs?: readonly number[];
  /** Which errors are worth another try. Default: the wire layer's verdict, `error.retryable`. */
  retryOn?: (error: ChatError) => boolean;
}

export interface NudgePolicy {
  /** Consecutive replies without a usable tool use before the turn gives up. Default 3. */
  maxConsecutiveMistakes?: number;
}

/** Options of one turn; every one has a default. */
export interface AgentTurnOptions {
  /** Model requests (not counting retries) before the turn stops with `max_requests`. Default 20. */
  maxRequests?: number;
  toolsPerMessage?: ToolsPerMessage;
  /** Tool names that wait for APPROVE / REJECT, or `true` for all of them. Default none. */
  approval?: readonly string[] | boolean;
  /** The tool whose use ends the turn with its `result` parameter. Default `attempt_completion`. */
  completionTool?: string;
  retry?: RetryPolicy;
  nudge?: NudgePolicy;
  /** The model's content starts inside a reasoning tag (templates that put `<think>` in the prompt). */
  startInReasoning?: boolean;
}

export interface AgentTurnInput extends AgentTurnOptions {
  client: ChatClient;
  model: string;
  /** The conversation so far, system message included. */
  messages: ChatMessage[];
  tools?: ToolFunctions;
  /** Tag vocabulary. Default `clineThinkProtocol`. */
  protocol?: Protocol;
  /** OpenAI `tools` sent with every request (native tool calls). */
  toolDefinitions?: ChatToolDefinition[];
  /** Extra request fields (temperature, max_tokens, ...). */
  requestOptions?: Partial<Omit<ChatRequest, 'model' | 'messages' | 'stream'>>;
}

/** Defaults applied: what the machine reads. */
export interface ResolvedTurnOptions {
  maxRequests: number;
  toolsPerMessage: ToolsPerMessage;
  approval: readonly string[] | true;
  completionTool: string;
  retryDelaysMs: readonly number[];
  retryOn: (error: ChatError) => boolean;
  maxConsecutiveMistakes: number;
  startInReasoning: boolean;
}

/** What happened to one tool use of a reply. */
export type ToolOutcomeStatus = 'awaiting-approval' | 'running' | 'done' | 'error' | 'rejected' | 'skipped' | 'cut-off';

export interface ToolOutcome {
  status: ToolOutcomeStatus;
  /** The result for the model (done / error), or why it did not run. */
  content?: string;
  isError?: boolean;
}

export type RequestStatus = 'streaming' | 'complete' | 'failed' | 'aborted';

/** One model request, kept for UIs and the output. A failed attempt stays here but never enters the history. */
export interface TurnRequest {
  /** 0-based position among all attempts. */
  index: number;
  /** Retry number of this attempt (0 = first try). */
  attempt: number;
  /** Prefix of this reply's call_ids. */
  idPrefix: string;
  status: RequestStatus;
  blocks: AssistantMessageContent[];
  /** One entry per tool use of the reply, in block order. */
  toolResults: TurnToolResult[];
  content: string;
  reasoning: string;
  usage?: ChatUsage;
  finishReason?: string;
  error?: ChatError;
}

export interface TurnToolResult {
  call_id: string;
  name: string;
  status: ToolOutcomeStatus;
  content: string;
  isError: boolean;
}

export type TurnEndReason = 'completed' | 'max_requests' | 'too_many_mistakes' | 'aborted' | 'failed';

export interface AgentTurnOutput {
  reason: TurnEndReason;
  /** The history for the next user message. */
  messages: ChatMessage[];
  requests: TurnRequest[];
  usage: ChatUsage;
  /** The completion tool's result. */
  result?: string;
  error?: ChatError;
}

/** Why the stream of the current reply stopped early, if it did. */
export type StopCause = 'one-tool' | 'rejected' | 'completion' | 'error' | 'aborted';

/** A finished reply, ready to enter the history: how it continues the turn, or how it ends it. */
export interface ReplyClosing {
  assistant: ChatMessage;
  results: ToolResultEntry[];
  /** Notes for the model (nudge, cut-off, interruption); only sent when the turn goes on. */
  notes: string[];
  /** The reply had a tool use that ran, was rejected, or completed the task. */
  usedTool: boolean;
}

export interface AgentTurnContext {
  client: ChatClient;
  model: string;
  protocol: Protocol;
  tools: ToolFunctions;
  toolDefinitions: ChatToolDefinition[] | undefined;
  requestOptions: Partial<ChatRequest>;
  options: ResolvedTurnOptions;
  /** The history so far (the input's messages plus every finished reply and its results). */
  messages: ChatMessage[];
  /** Finished attempts; the current one is described by the fields below. */
  requests: TurnRequest[];
  /** Model requests made, retries not counted. */
  requestCount: number;
  attempt: number;
  consecutiveMistakes: number;
  usage: ChatUsage;

  // --- the current reply ---
  idPrefix: string;
  /** The stream parser behind `blocks` (opaque; forks itself when a snapshot is re-entered). */
  reply: ReplyAssembly;
  /** Stream events absorbed into this snapshot's reply. */
  replyLength: number;
  /** Events the chat actor read but has not sent yet: closing the reply takes them (see ChatBacklog). */
  chatBacklog: ChatBacklog;
  blocks: AssistantMessageContent[];
  /** Index of the block being presented. */
  currentStreamingContentIndex: number;
  /** call_id -> what happened to that tool use. */
  toolOutcomes: Record<string, ToolOutcome>;
  /** Any stream event (or its end) arrived. */
  responded: boolean;
  streamEnded: boolean;
  finishReason: string | undefined;
  streamError: ChatError | undefined;
  stoppedBy: StopCause | undefined;
  rejectionFeedback: string | undefined;
  /** A reply is in progress and not yet recorded in `requests`. */
  replyOpen: boolean;
  /** Set when the reply was closed, until it enters the history. */
  closing: ReplyClosing | undefined;

  // --- the end ---
  reason: TurnEndReason | undefined;
  result: string | undefined;
  error: ChatError | undefined;
}

export type ExecuteToolOutput = { content: string; isError: boolean };

export type AgentTurnEvent =
  | ChatActorEvent
  | { type: 'APPROVE' }
  | { type: 'REJECT'; feedback?: string }
  | { type: 'ABORT' }
  | { type: 'xstate.done.actor.executeTool'; output: ExecuteToolOutput }
  | { type: 'xstate.error.actor.executeTool'; error: unknown };

export interface ExecuteToolInput {
  toolUse: ToolUse;
  tools: ToolFunctions;
}
