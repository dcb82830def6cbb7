// The agent-turn machine's public vocabulary: its input, the events it takes and its output, with
// the request records the output carries. The machine's internal context is in turn-context-types.ts.
import type { AssistantMessageContent } from '../../src/parser/blocks.js';
import type { Protocol } from '../../src/protocol/define-protocol.js';
import type { HistoryRule } from '../../src/profiles/profiles.js';
import type { ChatError } from '../../src/wire/errors.js';
import type { ChatClient, ChatMessage, ChatRequest, ChatToolDefinition, ChatUsage } from '../../src/wire/types.js';
import type { ChatActorEvent } from '../actors/chat-actor-types.js';
import type { DrainPolicy } from './drain.js';
import type { ExecuteToolOutput } from '../actors/execute-tool-actor-types.js';
import type { TurnTools } from './turn-tools.js';
import type { TurnHooks, ToolCheck, ToolReview, StopCheck } from './turn-hooks.js';
import type { TurnMode } from './plan-mode.js';
// The input names its tools' type: re-exported so tool authors import one file.
export type { ToolFunction, ToolFunctionResult, ToolFunctions } from './tool-function-types.js';
export type { DrainPolicy } from './drain.js';
export type { TurnTools } from './turn-tools.js';

/** `'one'`: Cline's rule, the first tool ends the message; `'sequential'`: each tool runs as it completes. */
export type ToolsPerMessage = 'one' | 'sequential';

/**
 * How the model ends a turn. `'completion-tool'`: only by calling the completion tool (Cline's
 * rule; a reply without a tool call gets a note and counts as a mistake). `'text'`: also by a reply
 * without any tool call, whose text becomes the result (as OpenAI's and Anthropic's APIs and the
 * AI SDK end a turn); the completion tool still works.
 */
export type EndTurn = 'completion-tool' | 'text';

/** When and how often a failed request is tried again. */
export interface RetryPolicy {
  /** Wait before each retry; its length is the number of retries. Default `[2000, 4000, 8000]`. */
  delaysMs?: readonly number[];
  /** Which errors are worth another try. Default: the wire layer's verdict, `error.retryable`. */
  retryOn?: (error: ChatError) => boolean;
  /**
   * A server's `Retry-After` (`error.retryAfterMs`) replaces the scheduled delay when longer, up to
   * this. Default 60000: long enough for a rate limit's window, short enough that a turn never
   * hangs for what a server mistyped (an hour, a date next year).
   */
  maxRetryAfterMs?: number;
}

/** How many replies without a usable tool use the turn tolerates (each gets a corrective note). */
export interface NudgePolicy {
  /** Consecutive replies without a usable tool use before the turn gives up. Default 3. */
  maxConsecutiveMistakes?: number;
}

/** Options of one turn; every one has a default. */
export interface AgentTurnOptions {
  /** Model requests (not counting retries) before the turn stops with `max_requests`. Default 20. */
  maxRequests?: number;
  /** Default `'one'`. */
  toolsPerMessage?: ToolsPerMessage;
  /** Tool names that wait for APPROVE / REJECT, or `true` for all of them. Default none. */
  approval?: readonly string[] | boolean;
  /** The tool whose use ends the turn with its `result` parameter. Default `attempt_completion`. */
  completionTool?: string;
  /**
   * How the model ends the turn: `'text'` lets a reply without a tool call end it (`reason:
   * 'completed'`, its text as `result`); `'completion-tool'` asks for the completion tool. Default:
   * `'text'` with native tools (`toolDefinitions` sent), `'completion-tool'` in tag mode.
   */
  endTurn?: EndTurn;
  /** Retries of failed requests. Default: 2, 4, 8 s for retryable errors. */
  retry?: RetryPolicy;
  /** Replies without a tool use. Default: 3 in a row end the turn. */
  nudge?: NudgePolicy;
  /** The model's content starts inside a reasoning tag (templates that put `<think>` in the prompt). */
  startInReasoning?: boolean;
  /**
   * After the turn stops presenting a reply (the first tool in `'one'` mode, the completion tool, a
   * rejection) it reads the rest of the stream for its finish reason and usage. Defaults: 3000 ms
   * grace, cancelled at once past 300 non-whitespace characters of further writing.
   */
  drain?: DrainPolicy;
  /**
   * Tools that may run again when the process stopped while they ran (a restored turn runs them
   * again; any other tool gets an error result saying its outcome is unknown). Default
   * `read_file`, `list_files`, `search_files`.
   */
  idempotentTools?: readonly string[];
  /** The model's context window in tokens. Default: its profile's (`profileFor(model)`), else 128,000. */
  contextWindow?: number;
  /** The most tokens one reply may have (the room kept for it in the window). Default: its profile's, else 8,192. */
  maxOutputTokens?: number;
  /**
   * What the history carries back of each reply (reasoning, opaque fields): fields set here
   * override the model profile's rule (`historyRuleOf(profileFor(model))`). See docs/profiles.md.
   */
  history?: Partial<HistoryRule>;
  /**
   * `'plan'`: only the tools in `readOnlyTools` (and the completion tool) run; any other is refused
   * with a result saying the turn is planning, and the system prompt says so. Default `'default'`.
   */
  mode?: TurnMode;
  /**
   * The tools plan mode runs, by the names the `approval` list takes (`use_mcp_tool:server/tool`
   * for one MCP tool). Default `read_file`, `list_files`, `search_files`,
   * `list_code_definition_names`, `ask_followup_question`, `access_mcp_resource`.
   */
  readOnlyTools?: readonly string[];
}

/** The machine's input: the client and model, the conversation, the tools, and the options. */
export interface AgentTurnInput extends AgentTurnOptions {
  /** The chat client the requests go through (see {@link createChatClient}). */
  client: ChatClient;
  /** The model name sent with every request. */
  model: string;
  /** The conversation so far, system message included. */
  messages: ChatMessage[];
  /**
   * The tools the agent may call: functions by name (`{ read_file: async (use) => ... }`), tools
   * made by {@link defineTool} (in the map under their own name, or as an array), or both. Each is
   * offered to the model (native function definitions or the tag prompt) and run when called.
   */
  tools?: TurnTools;
  /** Tag vocabulary. Default `clineThinkProtocol`. */
  protocol?: Protocol;
  /** OpenAI `tools` sent with every request (native tool calls). */
  toolDefinitions?: ChatToolDefinition[];
  /** Extra request fields (temperature, max_tokens, ...). */
  requestOptions?: Partial<Omit<ChatRequest, 'model' | 'messages' | 'stream'>>;
  /**
   * Makes each reply's call_id prefix. Default: a random 10-character nanoid. A durable runtime
   * (agent-turn/restate) draws it from its journal, so a replayed turn makes the same ids.
   */
  idPrefix?: () => string;
  /** Callbacks before and after each tool and before the turn ends (see {@link TurnHooks}). */
  hooks?: TurnHooks;
}

/** What happened to one tool use of a reply. */
export type ToolOutcomeStatus = 'awaiting-approval' | 'running' | 'done' | 'error' | 'rejected' | 'skipped' | 'cut-off';

/** What happened to one tool use (the machine's record of it). */
export interface ToolOutcome {
  status: ToolOutcomeStatus;
  /** The result for the model (done / error), or why it did not run. */
  content?: string;
  isError?: boolean;
}

/** Where one model request stands: streaming, complete, failed (kept, never in the history) or aborted. */
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
  /**
   * The provider's usage of this request (`estimated: false`) whenever it sent one; else a count
   * from the prompt and the text (`estimated: true`). Absent when nothing arrived (an HTTP error).
   */
  usage?: TurnUsage;
  finishReason?: string;
  error?: ChatError;
}

/** Token counts: the provider's, or where it sent none an estimate from the text (about four characters a token). */
export interface TurnUsage extends ChatUsage {
  /** Some of these counts are estimates: the provider sent no usage for at least one request. */
  estimated: boolean;
}

/** One tool use of a request and what came of it. */
export interface TurnToolResult {
  call_id: string;
  name: string;
  status: ToolOutcomeStatus;
  content: string;
  isError: boolean;
}

/** The history was cut to fit the context window before a request. */
export interface ContextTruncation {
  /** Index (into `requests`) of the attempt sent with the shorter history. */
  beforeRequest: number;
  /** Messages removed this time. */
  dropped: number;
  /** The prompt's size before and after, in tokens (the provider's last count plus estimates). */
  tokensBefore: number;
  tokensAfter: number;
  /** The provider had refused the prompt as too long: the cut went to half its size. */
  afterError: boolean;
}

/** Why a turn ended: the completion tool, the request limit, too many replies without a tool, ABORT, or a failure. */
export type TurnEndReason = 'completed' | 'max_requests' | 'too_many_mistakes' | 'aborted' | 'failed';

/** What a finished turn gives back (the machine's output, what {@link runAgentTurn} resolves with). */
export interface AgentTurnOutput {
  /** Why the turn ended. */
  reason: TurnEndReason;
  /** The history for the next user message. */
  messages: ChatMessage[];
  /** Every request, failed attempts included. */
  requests: TurnRequest[];
  /** Token usage summed over the requests: the provider's figures, with estimates (and `estimated: true`) only for requests it sent none for. */
  usage: TurnUsage;
  /** The completion tool's result. */
  result?: string;
  /** The error that failed the turn. */
  error?: ChatError;
  /** Messages removed from the history to fit the context window (0 when none were); `messages` is the history as sent. */
  droppedMessages: number;
  /** Each cut of the history, in order. */
  truncations: ContextTruncation[];
}

/**
 * Everything the machine takes: the chat actor's reports, the person's decisions, ABORT, the tool's
 * result. REJECT's `expiredAfterMs` says nobody decided within that long: the model is told the
 * approval expired (instead of the person's rejection).
 */
export type AgentTurnEvent =
  | ChatActorEvent
  | { type: 'APPROVE' }
  | { type: 'REJECT'; feedback?: string; expiredAfterMs?: number }
  | { type: 'ABORT' }
  | { type: 'xstate.done.actor.executeTool'; output: ExecuteToolOutput }
  | { type: 'xstate.error.actor.executeTool'; error: unknown }
  | { type: 'xstate.done.actor.checkTool'; output: ToolCheck }
  | { type: 'xstate.error.actor.checkTool'; error: unknown }
  | { type: 'xstate.done.actor.reviewTool'; output: ToolReview }
  | { type: 'xstate.error.actor.reviewTool'; error: unknown }
  | { type: 'xstate.done.actor.checkStop'; output: StopCheck }
  | { type: 'xstate.error.actor.checkStop'; error: unknown };
