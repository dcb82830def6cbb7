// useAgentTurn: one agent turn in a React component, on @xstate/react (useActorRef + useSelector).
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useInsertionEffect, useMemo, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { agentTurnInput, type AgentTurnSetup } from '../../machines/machine/agent-turn-actor.js';
import type { AgentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { AgentTurnOutput } from '../../machines/machine/agent-turn-types.js';
import type { ChatMessage } from '../../src/wire/types.js';
import { selectView } from '../../machines/view/select-view.js';
import type { TurnPhase } from '../../machines/view/turn-phase.js';
import type { AgentTurnView } from '../../machines/view/turn-view-types.js';
import { isTurnRunning, turnSessionMachine, type AgentTurnRef } from './turn-session.js';

/**
 * What {@link useAgentTurn} takes: the turn's setup (as for `createAgentTurnActor`), read when
 * `start()` is called — changing it never restarts a running turn, the next `start()` uses it.
 * `messages` is the conversation before the task (default none); `actorOptions` (e.g. `inspect`)
 * are read once, on the first render.
 */
export type UseAgentTurnOptions = Omit<AgentTurnSetup, 'messages'> & { messages?: ChatMessage[] };

/** What {@link useAgentTurn} returns: the view, the phase, the actions, the output and the turn's actor. */
export interface UseAgentTurnResult {
  /** selectView's model of the turn (the last turn's, once it ended); undefined before the first `start()`. */
  view: AgentTurnView | undefined;
  /** What the turn is doing, from the machine's tags; `idle` before the first `start()`. */
  phase: TurnPhase | 'idle';
  /** The turn's output once it ended (completed, aborted or failed: `output.reason` says which). */
  output: AgentTurnOutput | undefined;
  /**
   * Starts a turn: the options' messages plus `task` as a user message (without a task, the
   * messages as they are). Returns false, and does nothing, while a turn is under way.
   */
  start: (task?: string) => boolean;
  /** Runs the tool that awaits approval. */
  approve: () => void;
  /** Refuses the tool that awaits approval; `feedback` is passed on to the model. */
  reject: (feedback?: string) => void;
  /** Stops the turn, keeping everything that arrived. */
  abort: () => void;
  /** The actor of the current (or last) turn, for subscribing or sending events yourself; undefined before `start()`. */
  actorRef: AgentTurnRef | undefined;
}

const viewOf = (snapshot: SnapshotFrom<AgentTurnMachine> | undefined): AgentTurnView | undefined =>
  snapshot === undefined ? undefined : selectView(snapshot);
const outputOf = (snapshot: SnapshotFrom<AgentTurnMachine> | undefined): AgentTurnOutput | undefined =>
  snapshot?.output;

/**
 * One agent turn in a component: `start(task)` runs it, the component re-renders with each
 * snapshot's view (a block whose view did not change keeps its object: render blocks with
 * {@link Block} and only the growing one re-renders), `approve()` / `reject()` answer an approval,
 * `abort()` stops it. Nothing starts during render, so it is safe on a server.
 *
 * @example
 * ```tsx
 * import { createChatClient } from 'agent-turn';
 * import { Block, useAgentTurn } from 'agent-turn/react';
 *
 * const client = createChatClient({ baseURL: '/v1' });
 *
 * function Chat() {
 *   const { view, phase, start, approve, reject, abort } = useAgentTurn({ client, model: 'glm-5.1', tools, approval: ['write_to_file'] });
 *   return (
 *     <>
 *       <button onClick={() => start('Read README.md')}>Run</button>
 *       {view?.blocks.map((block) => <Block key={block.key} block={block} />)}
 *       {phase === 'awaiting-approval' && <><button onClick={approve}>Approve</button><button onClick={() => reject('no')}>Reject</button></>}
 *       {phase !== 'idle' && phase !== 'finished' && <button onClick={abort}>Stop</button>}
 *     </>
 *   );
 * }
 * ```
 */
export function useAgentTurn(options: UseAgentTurnOptions): UseAgentTurnResult {
  const latest = useRef(options);
  // Before any effect of this render runs, so a child's effect that calls start() sees these options.
  useInsertionEffect(() => {
    latest.current = options;
  });
  const session = useActorRef(turnSessionMachine, options.actorOptions);
  const turn = useSelector(session, (snapshot) => snapshot.context.turn);
  const view = useSelector(turn, viewOf);
  const output = useSelector(turn, outputOf);

  const start = useCallback(
    (task?: string) => {
      if (isTurnRunning(session.getSnapshot().context.turn)) return false;
      const { messages = [], ...setup } = latest.current;
      const withTask: ChatMessage[] = task === undefined ? messages : [...messages, { role: 'user', content: task }];
      session.send({ type: 'START', input: agentTurnInput({ ...setup, messages: withTask }) });
      return true;
    },
    [session],
  );
  const approve = useCallback(() => session.send({ type: 'APPROVE' }), [session]);
  const reject = useCallback(
    (feedback?: string) => session.send(feedback === undefined ? { type: 'REJECT' } : { type: 'REJECT', feedback }),
    [session],
  );
  const abort = useCallback(() => session.send({ type: 'ABORT' }), [session]);

  return useMemo(
    () => ({ view, phase: view?.phase ?? 'idle', output, start, approve, reject, abort, actorRef: turn }),
    [view, output, start, approve, reject, abort, turn],
  );
}
