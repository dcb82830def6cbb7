// The session behind useAgentTurn: a small parent machine that holds no turn until START, then
// spawns one agent turn with the input START carries, forwards the person's decisions to it, and
// keeps the finished turn (its last view and output stay readable) until the next START.
import { assign, sendTo, setup, stopChild, type ActorRefFrom } from 'xstate';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { AgentTurnInput } from '../../machines/machine/agent-turn-types.js';

/** The actor of one agent turn spawned by the session. */
export type AgentTurnRef = ActorRefFrom<typeof agentTurnMachine>;

/** What the session takes: a new turn's input, or a decision for the turn under way. */
export type TurnSessionEvent =
  | { type: 'START'; input: AgentTurnInput }
  | { type: 'APPROVE' }
  | { type: 'REJECT'; feedback?: string }
  | { type: 'ABORT' };

/** Whether a turn is under way (spawned and not yet ended). */
export function isTurnRunning(turn: AgentTurnRef | undefined): turn is AgentTurnRef {
  return turn !== undefined && turn.getSnapshot().status === 'active';
}

/** The session machine: one turn at a time; START while one runs is ignored. */
export const turnSessionMachine = /* @__PURE__ */ setup({
  types: {
    context: {} as { turn: AgentTurnRef | undefined },
    events: {} as TurnSessionEvent,
  },
  actors: { agentTurn: agentTurnMachine },
  actions: {
    // The guard 'running' makes sure a turn is there.
    forward: sendTo(
      ({ context }) => context.turn as AgentTurnRef,
      ({ event }) => event as Exclude<TurnSessionEvent, { type: 'START' }>,
    ),
  },
  guards: {
    idle: ({ context }) => !isTurnRunning(context.turn),
    running: ({ context }) => isTurnRunning(context.turn),
  },
}).createMachine({
  id: 'agentTurnSession',
  context: { turn: undefined },
  on: {
    START: {
      guard: 'idle',
      actions: [
        stopChild(({ context }) => context.turn as AgentTurnRef),
        assign({ turn: ({ spawn, event }) => spawn('agentTurn', { input: event.input }) }),
      ],
    },
    APPROVE: { guard: 'running', actions: 'forward' },
    REJECT: { guard: 'running', actions: 'forward' },
    ABORT: { guard: 'running', actions: 'forward' },
  },
});
