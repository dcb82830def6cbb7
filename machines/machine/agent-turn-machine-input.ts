// The machine's input: a turn's input, or that plus a persisted turn to go on with.
import type { AgentTurnInput } from './agent-turn-types.js';
import type { PersistedAgentTurn } from '../record/turn-record-types.js';

/** What {@link agentTurnMachine} takes: a turn's input, and optionally a persisted turn to resume. */
export interface AgentTurnMachineInput extends AgentTurnInput {
  /**
   * A persisted turn to go on with (`actor.getPersistedSnapshot()` of an earlier actor): the model,
   * the history and the reply in progress come from it; `client`, `tools`, `protocol` and every
   * policy (approval, idempotentTools, limits) are this input's, never the record's.
   */
  resume?: PersistedAgentTurn;
}
