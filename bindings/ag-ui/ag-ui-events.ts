// The AG-UI events this package emits, as plain JSON shapes (the `type` strings are
// @ag-ui/core 1.0's EventType values). Declared here so agent-turn/ag-ui needs nothing at run
// time: a client built on @ag-ui/client reads them off the wire.

/** An AG-UI interrupt: the run stopped for a person's answer (here, a tool use's approval). */
export interface AgUiInterrupt {
  id: string;
  reason: string;
  message?: string;
  toolCallId?: string;
  responseSchema?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

/** One JSON Patch operation of a `STATE_DELTA`. */
export interface AgUiPatchOperation {
  op: 'replace' | 'add';
  path: string;
  value: unknown;
}

/** The turn's state as `STATE_SNAPSHOT` carries it (and `STATE_DELTA` patches it). */
export interface AgUiTurnState {
  /** The turn's phase (see `TurnPhase`): waiting, streaming, awaiting-approval, running-tool, retrying, closing, finished. */
  phase: string;
  /** 1-based number of the model request under way. */
  request: number;
  /** Tokens so far (an estimate while a reply streams). */
  tokens: number;
}

/** One AG-UI event emitted for a turn. */
export type AgUiEvent =
  | { type: 'RUN_STARTED'; threadId: string; runId: string }
  | { type: 'RUN_FINISHED'; threadId: string; runId: string; result?: unknown; outcome: AgUiRunOutcome }
  | { type: 'RUN_ERROR'; message: string; code?: string }
  | { type: 'TEXT_MESSAGE_START'; messageId: string; role: 'assistant' }
  | { type: 'TEXT_MESSAGE_CONTENT'; messageId: string; delta: string }
  | { type: 'TEXT_MESSAGE_END'; messageId: string }
  | { type: 'REASONING_START'; messageId: string }
  | { type: 'REASONING_MESSAGE_START'; messageId: string; role: 'reasoning' }
  | { type: 'REASONING_MESSAGE_CONTENT'; messageId: string; delta: string }
  | { type: 'REASONING_MESSAGE_END'; messageId: string }
  | { type: 'REASONING_END'; messageId: string }
  | { type: 'TOOL_CALL_START'; toolCallId: string; toolCallName: string }
  | { type: 'TOOL_CALL_ARGS'; toolCallId: string; delta: string }
  | { type: 'TOOL_CALL_END'; toolCallId: string }
  | { type: 'TOOL_CALL_RESULT'; messageId: string; toolCallId: string; content: string; role: 'tool' }
  | { type: 'STATE_SNAPSHOT'; snapshot: AgUiTurnState }
  | { type: 'STATE_DELTA'; delta: AgUiPatchOperation[] };

/** How a run ended: done, stopped for interrupts (approvals), or cancelled (the turn was aborted). */
export type AgUiRunOutcome =
  | { type: 'success' }
  | { type: 'interrupt'; interrupts: AgUiInterrupt[] }
  | { type: 'cancelled' };
