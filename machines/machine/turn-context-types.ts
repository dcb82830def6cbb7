// The agent-turn machine's internal context: what its guards and actions read and write. Not part
// of the public API (renderers read selectView's view instead).
import type { AssistantMessageContent } from '../../src/parser/blocks.js';
import type { Protocol } from '../../src/protocol/define-protocol.js';
import type { HistoryRule } from '../../src/profiles/profiles.js';
import type { ToolResultEntry } from '../../src/reply/history.js';
import type { ChatError } from '../../src/wire/errors.js';
import type { ChatClient, ChatMessage, ChatRequest, ChatToolDefinition } from '../../src/wire/types.js';
import type { PromptMeasure } from '../../src/window/prompt-size.js';
import type { ResumePoint } from '../record/turn-record-types.js';
import type {
  ContextTruncation,
  ToolOutcome,
  EndTurn,
  ToolsPerMessage,
  TurnEndReason,
  TurnRequest,
  TurnUsage,
} from './agent-turn-types.js';
import type { ChatBacklog } from '../actors/chat-actor-types.js';
import type { DrainPolicy } from './drain.js';
import type { ReplyAssembly } from './reply-assembly.js';
import type { ToolFunctions } from './tool-function-types.js';
import type { TurnHooks } from './turn-hooks.js';
import type { TurnMode } from './plan-mode.js';
import type { ExecuteToolOutput } from '../actors/execute-tool-actor-types.js';

/** Defaults applied: what the machine reads. */
export interface ResolvedTurnOptions {
  maxRequests: number;
  toolsPerMessage: ToolsPerMessage;
  approval: readonly string[] | true;
  completionTool: string;
  /** How the model ends the turn: the completion tool, or also a reply without a tool call. */
  endTurn: EndTurn;
  retryDelaysMs: readonly number[];
  retryOn: (error: ChatError) => boolean;
  maxRetryAfterMs: number;
  maxConsecutiveMistakes: number;
  startInReasoning: boolean;
  drain: Required<DrainPolicy>;
  contextWindow: number;
  maxOutputTokens: number;
  /** Makes a reply's call_id prefix. */
  newIdPrefix: () => string;
  /** Tools run again when the process stopped while they ran. */
  idempotentTools: readonly string[];
  /** What the history carries back of each reply: the model profile's rule with the input's `history` over it. */
  history: Required<HistoryRule>;
  mode: TurnMode;
  readOnlyTools: readonly string[];
}

/** A scheduled retry: how long, until when, and the server's Retry-After when it set the delay. */
export interface RetryWait {
  delayMs: number;
  at: number;
  retryAfterMs?: number;
}

/** Why the stream of the current reply stopped early, if it did. */
export type StopCause = 'one-tool' | 'rejected' | 'completion' | 'error' | 'aborted' | 'resumed';

/** A finished reply, ready to enter the history: how it continues the turn, or how it ends it. */
export interface ReplyClosing {
  assistant: ChatMessage;
  results: ToolResultEntry[];
  /** Notes for the model (nudge, cut-off, interruption); only sent when the turn goes on. */
  notes: string[];
  /** The reply had a tool use that ran, was rejected, or completed the task. */
  usedTool: boolean;
  /** The reply's text when it is a plain answer (no tool use, ended normally, some text): with `endTurn: 'text'` it ends the turn. */
  plainAnswer?: string;
}

export interface AgentTurnContext {
  client: ChatClient;
  model: string;
  protocol: Protocol;
  tools: ToolFunctions;
  hooks: TurnHooks;
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
  /** The retry being waited out: its delay and when it ends (epoch ms); set when a retry is scheduled. */
  retryWait: RetryWait | undefined;
  consecutiveMistakes: number;
  usage: TurnUsage;

  // --- the context window ---
  /** The provider's count of the last prompt it reported, with this package's estimate of that prompt. */
  promptMeasure: PromptMeasure | undefined;
  /** The estimate of the prompt of the request under way (paired with the provider's count when its usage arrives). */
  sentEstimate: number;
  /** Messages removed from the history to fit the window, over the whole turn. */
  droppedMessages: number;
  truncations: ContextTruncation[];
  /** After a context-length error: the size (tokens) the history must fit for the retry. */
  fitTarget: number | undefined;
  /** The request under way was already retried once after a context-length error. */
  contextRetried: boolean;

  // --- the current reply ---
  idPrefix: string;
  /** The parser state behind `blocks`: the block assembler and its event log (opaque; forks itself when a snapshot is re-entered). */
  replyAssembly: ReplyAssembly;
  /** How many stream events this snapshot's reply absorbed (its position in the assembly's log). */
  replyEventCount: number;
  /** Events the chat actor read but has not sent yet: closing the reply takes them (see ChatBacklog). */
  chatBacklog: ChatBacklog;
  blocks: AssistantMessageContent[];
  /** Index of the block being presented. */
  currentStreamingContentIndex: number;
  /** call_id -> what happened to that tool use. */
  toolOutcomes: Record<string, ToolOutcome>;
  /** call_id -> the parameters a beforeTool hook gave the tool instead of the model's. */
  toolInputs: Record<string, Record<string, string>>;
  /** call_id -> text a hook added to the tool's result. */
  toolNotes: Record<string, string>;
  /** The tool's result while the afterTool hook reviews it. */
  heldResult: ExecuteToolOutput | undefined;
  /** Any stream event (or its end) arrived. */
  responded: boolean;
  streamEnded: boolean;
  finishReason: string | undefined;
  streamError: ChatError | undefined;
  /** Why the turn stopped presenting this reply (its stream may still be read: see drain.ts). */
  stoppedBy: StopCause | undefined;
  /** Non-whitespace characters that followed the block where the presentation stopped. */
  charsAfterStop: number;
  /** The machine cancelled the stream (the model wrote on past the drain's limit, or its grace ran out). */
  readingStopped: boolean;
  rejectionFeedback: string | undefined;
  /** A reply is in progress and not yet recorded in `requests`. */
  replyOpen: boolean;
  /** Set when the reply was closed, until it enters the history. */
  closing: ReplyClosing | undefined;

  /** A beforeStop hook already kept this turn going. */
  stopHookActive: boolean;
  /** Hooks that threw (or whose actor failed) in this turn. */
  hookFailures: number;

  // --- persistence ---
  /** Set on a restored turn: where it goes on (read once, by `starting`). */
  resumeAt: ResumePoint | undefined;

  // --- the end ---
  reason: TurnEndReason | undefined;
  result: string | undefined;
  error: ChatError | undefined;
}
