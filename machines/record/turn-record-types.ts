// The persisted turn: a plain-JSON record of a turn at any moment, versioned, from which the turn
// resumes (createAgentTurnActor({ …, snapshot })). Functions and the client are not in it: they are
// given again at restore. Later work (durable turns) builds on this shape: change it only with a
// new `version`.
import type { ChatErrorJSON } from '../../src/wire/errors.js';
import type { ChatMessage, ChatRequest, ChatStreamEvent, ChatToolDefinition } from '../../src/wire/types.js';
import type { PromptMeasure } from '../../src/window/prompt-size.js';
import type { HistoryRule } from '../../src/profiles/profiles.js';
import type {
  ContextTruncation,
  ToolOutcome,
  ToolsPerMessage,
  TurnEndReason,
  TurnRequest,
  TurnUsage,
} from '../machine/agent-turn-types.js';

/**
 * Where a restored turn goes on:
 * - `request`: the request under way (or about to go) is made again; a partial reply is dropped;
 * - `retrying`: it waits the rest of its delay, then tries again;
 * - `awaiting-approval`: it waits for APPROVE / REJECT again;
 * - `running-tool`: the tool that was running runs again if it is idempotent, else it gets an
 *   error result saying its outcome is unknown;
 * - `interrupted`: a tool of the reply already ran while its stream went on: the reply is closed
 *   with what had arrived (its recorded results kept, never run again) and the turn goes on;
 * - `finished`: nothing to do; the output is in the record.
 */
export type ResumePoint = 'request' | 'retrying' | 'awaiting-approval' | 'running-tool' | 'interrupted' | 'finished';

/** A request record with its error as plain data. */
export type PersistedRequest = Omit<TurnRequest, 'error'> & { error?: ChatErrorJSON };

/** The turn's options as recorded (the retry predicate is a function: it is given again at restore). */
export interface PersistedTurnOptions {
  maxRequests: number;
  toolsPerMessage: ToolsPerMessage;
  approval: readonly string[] | true;
  completionTool: string;
  retryDelaysMs: readonly number[];
  maxConsecutiveMistakes: number;
  startInReasoning: boolean;
  drain: { graceMs: number; maxChars: number };
  contextWindow: number;
  maxOutputTokens: number;
  idempotentTools: readonly string[];
  /** The history rule the turn applies (absent in records saved before it existed: the model's rule then). */
  history?: Required<HistoryRule>;
  /** The turn's mode (absent in records saved before plan mode existed: `'default'`). */
  mode?: 'default' | 'plan';
  /** The tools plan mode runs. */
  readOnlyTools?: readonly string[];
}

/** The reply in progress, when the turn resumes inside it (approval, a running tool, an interrupted stream). */
export interface PersistedReply {
  /** Prefix of this reply's call_ids. */
  idPrefix: string;
  /** The stream events read so far: the parser state and the blocks are rebuilt from them. */
  events: ChatStreamEvent[];
  /** The stream had ended (then the blocks are final). */
  streamEnded: boolean;
  currentStreamingContentIndex: number;
  /** call_id -> what happened to that tool use (a recorded result is never run again). */
  toolOutcomes: Record<string, ToolOutcome>;
  finishReason?: string;
  stoppedBy?: string;
  charsAfterStop: number;
  readingStopped: boolean;
  rejectionFeedback?: string;
  streamError?: ChatErrorJSON;
  /** call_id -> the parameters a beforeTool hook gave the tool (it runs with them when resumed). */
  toolInputs?: Record<string, Record<string, string>>;
  /** call_id -> text a hook added to the tool's result. */
  toolNotes?: Record<string, string>;
}

/** Everything the turn knows, as plain data. */
export interface PersistedTurnState {
  model: string;
  options: PersistedTurnOptions;
  toolDefinitions?: ChatToolDefinition[];
  requestOptions: Partial<ChatRequest>;
  /** The history as it will be sent (cut to fit the window, if it was). */
  messages: ChatMessage[];
  requests: PersistedRequest[];
  requestCount: number;
  attempt: number;
  consecutiveMistakes: number;
  usage: TurnUsage;
  promptMeasure?: PromptMeasure;
  droppedMessages: number;
  truncations: ContextTruncation[];
  fitTarget?: number;
  contextRetried: boolean;
  /** When `resume` is `retrying`: the wait — its delay, the time (ms since the epoch) it ends, the server's Retry-After if that decided it. */
  retryWait?: { delayMs: number; at: number; retryAfterMs?: number };
  reply?: PersistedReply;
  reason?: TurnEndReason;
  result?: string;
  error?: ChatErrorJSON;
}

/** A finished turn's output as plain data. */
export interface PersistedTurnOutput {
  reason: TurnEndReason;
  messages: ChatMessage[];
  requests: PersistedRequest[];
  usage: TurnUsage;
  result?: string;
  error?: ChatErrorJSON;
  droppedMessages: number;
  truncations: ContextTruncation[];
}

/**
 * `actor.getPersistedSnapshot()` of a turn: plain JSON (`JSON.stringify` it as it is), format
 * `agent-turn/turn`, version 1. `status` and `output` follow XState's snapshot convention.
 */
export type PersistedAgentTurn = {
  format: 'agent-turn/turn';
  version: 1;
  /** When it was taken (ms since the epoch). */
  savedAt: number;
  /** The machine state it was taken in, as a dotted path (for people and logs). */
  state: string;
  /** Where a restored turn goes on. */
  resume: ResumePoint;
  turn: PersistedTurnState;
} & (
  | { status: 'active'; output: undefined; error: undefined }
  | { status: 'done'; output: PersistedTurnOutput; error: undefined }
);
