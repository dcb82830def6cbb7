// The shapes a replay takes and gives: its steps, options, log and result.
import type { ExecuteToolInput, ExecuteToolOutput } from '../../machines/actors/execute-tool-actor-types.js';
import type { AgentTurnEvent } from '../../machines/machine/agent-turn-types.js';
import type { PersistedAgentTurn } from '../../machines/record/turn-record-types.js';
import type { ChatMessage } from '../../src/wire/types.js';
import type { PromiseActorLogic } from 'xstate';
import type { TurnSnapshot } from './turn-graph-events.js';

/** One step of a walked path: the event sent and the state the graph expects after it. */
export interface TurnPathStep {
  event: AgentTurnEvent;
  state: TurnSnapshot;
}

/** What is collected over many replays: the tools run, the transitions and states reached. */
export interface TurnReplayLog {
  /** call_ids handed to the tool actor, in order, over every replay. */
  executed: string[];
  /** Replies whose reading the machine stopped (the drain's limit passed). */
  stops: number;
  /** Transitions taken, as `source --event [guard]--> target`. */
  transitions: Set<string>;
  /** States reached, as dotted ids. */
  states: Set<string>;
}

/** How a path is replayed. */
export interface ReplayOptions {
  /** `'controlled'` (default): the path's done / error steps answer the tool actor. `'real'`: the input's tools run. */
  tools?: 'controlled' | 'real';
  /** Cut each reply piece's text at random points drawn from this seed (fast-check): the end state must not change. */
  chunkSeed?: number;
  /** A further check of the finished turn's history (the profile's rule); a string is the problem. */
  checkHistory?: (messages: readonly ChatMessage[]) => string | undefined;
  /**
   * Your own tool actor (an adapter that drives your UI, say) in place of the package's, with
   * `'real'` tools: the input's tools are still watched, call by call.
   */
  executeTool?: PromiseActorLogic<ExecuteToolOutput, ExecuteToolInput>;
  /** How long a real tool may run, ms. Default 10,000. */
  toolTimeoutMs?: number;
  log?: TurnReplayLog;
}

/** What a replay leaves: the turn's record at the path's end (to resume from) and the tools run. */
export interface TurnPathResult {
  record: PersistedAgentTurn;
  executed: string[];
  finalState: string;
}
