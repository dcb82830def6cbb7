// One walked path replayed on a real actor: the machine's chat actor is swapped for silence (the
// path's steps are the stream), its tool actor either answered from the path (`controlled`) or
// left to run the test's real tools (`real`). Every snapshot is checked against the graph's and the
// invariants; the tools' calls against what was approved and what the record says already ran.
import type { AgentTurnMachineInput } from '../../machines/machine/agent-turn-machine-input.js';
import type { AgentTurnEvent } from '../../machines/machine/agent-turn-types.js';
import { persistAgentTurn } from '../../machines/record/turn-record.js';
import type { PersistedAgentTurn } from '../../machines/record/turn-record-types.js';
import { historyProblem } from './history-check.js';
import { type ReplayHarness, startReplay } from './replay-harness.js';
import type { ReplayOptions, TurnPathResult, TurnPathStep, TurnReplayLog } from './replay-types.js';
import { TIMER_EVENTS, serializeTurnState, type TurnSnapshot } from './turn-graph-events.js';
import { TurnInvariantError } from './turn-invariant-error.js';
import { stateId } from './turn-transition-key.js';

export type { ReplayOptions, TurnPathResult, TurnPathStep, TurnReplayLog } from './replay-types.js';
export { transitionKey } from './turn-transition-key.js';

/** A new, empty log for {@link replayTurnPath}. */
export function newTurnReplayLog(): TurnReplayLog {
  return { executed: [], stops: 0, transitions: new Set(), states: new Set() };
}

async function settle(): Promise<void> {
  // Stryker disable next-line EqualityOperator: a tick more only waits longer
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

const HOOK_EVENT = /^xstate\.(done|error)\.actor\.(checkTool|reviewTool|checkStop)$/;

/**
 * Replays one path's steps on a real actor and checks every state it reaches. Throws a
 * {@link TurnInvariantError} for the first broken rule; resolves with the turn's record at the end.
 */
export async function replayTurnPath(
  steps: readonly TurnPathStep[],
  input: AgentTurnMachineInput,
  options: ReplayOptions = {},
): Promise<TurnPathResult> {
  // fast-check draws the cuts: loaded only when cutting, so the rest of agent-turn/testing needs it not.
  const cutter = options.chunkSeed === undefined ? undefined : (await import('./cut-piece.js')).cutPiece;
  const h = startReplay(input, options, options.log ?? newTurnReplayLog());
  h.failIfBroken();
  for (const step of steps) {
    const event = step.event;
    if ((event.type as string) === 'xstate.init') continue;
    h.done.push(event.type);
    // Awaited only when the step waits: a tick more would let a real tool finish before the state is read.
    const waiting = sendStep(h, event, options, cutter);
    if (waiting !== undefined) await waiting;
    h.failIfBroken();
    const snap = h.actor.getSnapshot();
    const expected = h.real ? looseState(step.state) : serializeTurnState(step.state);
    const got = h.real ? looseState(snap) : serializeTurnState(snap);
    if (got !== expected)
      h.fail(new TurnInvariantError('unexpected-state', `expected ${expected}\n  got      ${got}`, h.done));
    h.log.states.add(stateId(snap));
    h.check(snap);
    h.failIfBroken();
  }
  return finishReplay(h, input, options);
}

type Cutter = (event: AgentTurnEvent, seed: number) => Iterable<AgentTurnEvent>;

/**
 * Sends one step: a tool's or hook's answer, a timer's tick, a decision, or the event itself (cut,
 * maybe). Returns a promise only for the steps that wait (an answer settling, a timer).
 */
function sendStep(
  h: ReplayHarness,
  event: AgentTurnEvent,
  options: ReplayOptions,
  cutter?: Cutter,
): Promise<void> | undefined {
  const { actor } = h;
  if (event.type === 'xstate.done.actor.executeTool' || event.type === 'xstate.error.actor.executeTool') {
    return answerTool(h, event, options);
  } else if (HOOK_EVENT.test(event.type)) {
    const [, kind, id] = HOOK_EVENT.exec(event.type) as RegExpExecArray;
    const hook = h.hookPending.get(id as string);
    h.hookPending.delete(id as string);
    if (kind === 'done') hook?.resolve((event as { output: unknown }).output);
    else hook?.reject((event as { error: unknown }).error);
    return settle();
  } else if (TIMER_EVENTS.has(event.type)) {
    return new Promise((r) => setTimeout(r, 0)).then(settle);
  } else if (event.type === 'APPROVE' || event.type === 'REJECT') {
    const current = actor.getSnapshot().context;
    const block = current.blocks[current.currentStreamingContentIndex];
    if (event.type === 'APPROVE' && block?.type === 'tool_use') h.approved.add(block.call_id);
    actor.send(event);
  } else if (cutter !== undefined && event.type === 'CHAT.CHUNKS') {
    // Stryker disable next-line ArithmeticOperator: any seed per step will do, as long as each step has its own
    for (const piece of cutter(event, options.chunkSeed! + h.done.length)) actor.send(piece);
  } else {
    actor.send(event);
  }
  return undefined;
}

/** The tool actor's step: controlled, the path's answer; real, the tool's own end awaited. */
async function answerTool(
  h: ReplayHarness,
  event: Extract<AgentTurnEvent, { type: 'xstate.done.actor.executeTool' | 'xstate.error.actor.executeTool' }>,
  options: ReplayOptions,
): Promise<void> {
  if (h.real) await untilToolSettled(h.actor, options.toolTimeoutMs ?? 10_000, h.done, h.fail);
  else if (event.type === 'xstate.done.actor.executeTool') h.tool.pending!.resolve(event.output);
  else h.tool.pending!.reject(event.error);
  await settle();
}

/** The path's end: no recorded tool ran again, the history is sound; the record is what is left. */
function finishReplay(h: ReplayHarness, input: AgentTurnMachineInput, options: ReplayOptions): TurnPathResult {
  const { done, executedHere } = h;
  const last = h.actor.getSnapshot();
  const recorded = input.resume?.turn.reply?.toolOutcomes ?? {};
  // A restored turn never runs again a tool whose result its record holds.
  for (const id of executedHere) {
    const status = recorded[id]?.status;
    // Stryker disable next-line ConditionalExpression: includes(undefined) is false as well; the test narrows the type
    if (status !== undefined && ['done', 'error', 'rejected', 'skipped', 'cut-off'].includes(status))
      h.fail(
        new TurnInvariantError(
          'recorded-tool-ran-again',
          `${id} ran again though the record holds its outcome (${status})`,
          done,
        ),
      );
  }
  if (last.status === 'done') {
    const problem = historyProblem(last.output!.messages) ?? options.checkHistory?.(last.output!.messages);
    if (problem !== undefined) h.fail(new TurnInvariantError('bad-history', problem, done));
  }
  const record = JSON.parse(JSON.stringify(persistAgentTurn(last))) as PersistedAgentTurn;
  h.actor.stop();
  h.log.executed.push(...executedHere);
  return { record, executed: executedHere, finalState: stateId(last) };
}

/** With real tools a result may be an error where the graph assumed success: compare what does not depend on it. */
function looseState(s: TurnSnapshot): string {
  const c = s.context;
  return JSON.stringify([s.value, c.blocks.length, c.requestCount, c.attempt, c.requests.length, c.reason]);
}

async function untilToolSettled(
  actor: { getSnapshot(): TurnSnapshot },
  timeoutMs: number,
  steps: readonly string[],
  fail: (error: unknown) => never,
): Promise<void> {
  const started = Date.now();
  const running = () => {
    const s = actor.getSnapshot();
    return s.matches({ request: 'executingTool' }) || s.matches({ resumed: 'executingTool' });
  };
  while (running()) {
    // Stryker disable next-line EqualityOperator: a millisecond sooner
    if (Date.now() - started > timeoutMs)
      fail(new TurnInvariantError('bad-end', `a tool ran longer than ${timeoutMs} ms`, steps));
    await new Promise((r) => setTimeout(r, 1));
  }
}
