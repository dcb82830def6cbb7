// The renderer contract: what selectView gives a UI (React, DOM, terminal) — plain data, no XState.
// Every block has a key stable across views and the number of the request it came from; a tool
// block's status says what happened to it, and only a settled status carries a result.
import type { RequestStatus, TurnEndReason, TurnUsage } from '../machine/agent-turn-types.js';
import type { TurnPhase } from './turn-phase.js';
import type { DialectName } from '../../src/protocol/dialect-names.js';

/** Which block this is, the same in every later view, and the 1-based number of its request. */
export interface BlockPlace {
  /**
   * Unique within the turn and the same in every later view: `${RequestView.index}:${position}` for
   * prose, `${RequestView.index}:${call_id}` for a tool use (native calls move as text grows before them).
   */
  key: string;
  /** The 1-based number of the model request the block came from (a retry keeps its request's number). */
  request: number;
}

/** Prose is `streaming` until its end arrived, then `complete`. */
export type ProseStatus = 'streaming' | 'complete';

/** Prose of the reply. */
export interface TextBlockView extends BlockPlace {
  type: 'text';
  content: string;
  status: ProseStatus;
}

/** The model's thinking, with its token count. */
export interface ReasoningBlockView extends BlockPlace {
  type: 'reasoning';
  reasoning: string;
  /** The provider's reasoning count once its request reported one, else an estimate from the text (`estimated`). */
  tokens: number;
  estimated: boolean;
  status: ProseStatus;
}

/**
 * A tool use's life, one status at a time:
 * `streaming` (parameters arriving) → `ready` (complete, not yet decided) → `awaiting-approval` →
 * `running` → `done` | `error`; or it ends `rejected` (by the person), `skipped` (never run: one
 * tool per message, an earlier rejection, the completion, an abort) or `cut-off` (its end never
 * arrived). Settled statuses carry the result the model sees (or why the tool did not run).
 */
export type ToolState =
  | { status: 'streaming' }
  | { status: 'ready' }
  | { status: 'awaiting-approval' }
  | { status: 'running' }
  | { status: 'done'; result: string; isError: false }
  | { status: 'error'; result: string; isError: true }
  | { status: 'rejected'; result: string; isError: true }
  | { status: 'skipped'; result: string; isError: true }
  | { status: 'cut-off'; result: string; isError: true };

/** Every status a tool block can have (see {@link ToolState}). */
export type ToolBlockStatus = ToolState['status'];

/** A tool use: its name and parameters, and (by its status) what became of it. */
export type ToolBlockView = BlockPlace & {
  type: 'tool_use';
  name: string;
  /** Parameters so far (complete once the status is past `streaming`). */
  params: Record<string, string>;
  call_id: string;
  isNativeToolCall: boolean;
  /**
   * The dialect the call was recovered from when the model did not write Cline's XML (e.g.
   * `'hermes'`); absent for Cline's XML and native calls. Renderers show it beside the tool's name.
   */
  dialect?: DialectName;
  /** The turn's completion tool (its `result` parameter is the turn's answer). */
  isCompletion: boolean;
} & ToolState;

/** One block as a renderer shows it: text, reasoning or a tool use, told apart by `type`. */
export type BlockView = TextBlockView | ReasoningBlockView | ToolBlockView;

/**
 * A block nothing about which can change any more (what {@link isBlockSettled} narrows to): prose
 * complete, or a tool past running, with its result.
 */
export type SettledBlockView =
  | (TextBlockView & { status: 'complete' })
  | (ReasoningBlockView & { status: 'complete' })
  | Extract<ToolBlockView, { result: string }>;

/** Every status a block can have. */
export type BlockStatus = ProseStatus | ToolBlockStatus;

/** A typed error as a renderer shows it. */
export interface ErrorView {
  code: string;
  message: string;
  /** The HTTP status, when the error came with one. */
  status?: number;
}

/** One model request (an attempt: a retry is a request view of its own, with the same `number`). */
export interface RequestView {
  /** `${index}`: unique within the turn, stable across views. */
  key: string;
  /** 0-based position among all attempts, retries included. */
  index: number;
  /** 1-based request number; retries of a request share it. */
  number: number;
  /** Retry number of this attempt (0 = first try). */
  attempt: number;
  /** `streaming` while the reply is open. */
  status: RequestStatus;
  blocks: BlockView[];
  /** A failed attempt that a retry followed. */
  retried: boolean;
  /** Reasoning tokens the provider reported for a reply that showed no reasoning text (absent otherwise). */
  hiddenReasoningTokens?: number;
  finishReason?: string;
  /** The provider's usage of this request, or (`estimated: true`) a count where it sent none. */
  usage?: TurnUsage;
  error?: ErrorView;
}

/**
 * Token totals of the turn: the provider's usage of each finished request (an estimate for a request
 * it sent none for) plus, while a reply streams, a count of its text so far.
 */
export interface TokenTotals {
  total: number;
  reasoning: number;
  /** Some part is an estimate (a request without usage from the provider, or the reply still streaming): show it as approximate. */
  estimated: boolean;
}

/** One cut of the history to fit the context window, placed at the request it preceded. */
export interface TruncationView {
  /** 1-based number of the request sent with the shorter history. */
  request: number;
  /** Index (RequestView.index) of the attempt sent with the shorter history: show the notice before it. */
  requestIndex: number;
  /** One sentence for people: how many messages were removed, and the size before and after. */
  summary: string;
  /** Messages removed by this cut. */
  dropped: number;
  tokensBefore: number;
  tokensAfter: number;
  /** The provider had refused the prompt as too long (a harder cut, then one more try). */
  afterError: boolean;
}

/** The context window as the turn sees it. */
export interface ContextView {
  /** The model's window and the prompt budget (the window minus the room kept for the reply), in tokens. */
  window: number;
  budget: number;
  /** The size of the prompt the history makes now: the provider's last count plus estimates (`estimated`). */
  tokens: number;
  estimated: boolean;
  /** Messages dropped so far, over the whole turn. */
  droppedMessages: number;
  truncations: TruncationView[];
}

/** A failed attempt's retry being waited out (phase `retrying`): show "retrying in N s". */
export interface RetryView {
  /** The retry number about to be made (1 = the first retry). */
  attempt: number;
  /** How long the whole wait is. */
  delayMs: number;
  /** When it ends, in epoch milliseconds (`Date.now()` time): a countdown is `at - Date.now()`. */
  at: number;
  /** The server's Retry-After, when it set the wait (the wait may be capped below it). */
  retryAfterMs?: number;
}

/** A snapshot as every renderer reads it (what {@link selectView} returns). */
export interface AgentTurnView {
  /** The active state as a dotted path, e.g. "request.executingTool" (for diagrams and logs; read `phase` to decide). */
  state: string;
  /** What the turn is doing, read from the state's tag. */
  phase: TurnPhase;
  /** 1-based number of the request under way (or the last one); retries not counted. */
  request: number;
  /** Every request so far, the current one last. */
  requests: RequestView[];
  /** The blocks of the current (or last) reply. */
  blocks: BlockView[];
  currentStreamingContentIndex: number;
  /** The finished requests' usage, summed: the provider's, with estimates (`estimated: true`) where it sent none. */
  usage: TurnUsage;
  tokens: TokenTotals;
  /** The wait before the next attempt, while the phase is `retrying`. */
  retry?: RetryView;
  /** The context window: the prompt's size, the budget, and what was dropped to fit. */
  context: ContextView;
  done: boolean;
  reason?: TurnEndReason;
  result?: string;
  error?: ErrorView;
}
