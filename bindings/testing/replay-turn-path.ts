// One walked path replayed on a real actor: the machine's chat actor is swapped for silence (the
// path's steps are the stream), its tool actor either answered from the path (`controlled`) or
// left to run the test's real tools (`real`). Every snapshot is checked against the graph's and the
// invariants; the tools' calls against what was approved and what the record says already ran.
import { createActor, fromCallback, fromPromise, type PromiseActorLogic } from 'xstate';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { AgentTurnMachineInput } from '../../machines/machine/agent-turn-machine-input.js';
import type { AgentTurnEvent } from '../../machines/machine/agent-turn-types.js';
import type { ExecuteToolInput, ExecuteToolOutput } from '../../machines/actors/execute-tool-actor-types.js';
import { runToolUse } from '../../machines/actors/execute-tool-actor.js';
import { selectView } from '../../machines/view/select-view.js';
import { wrapToolRuns } from '../../machines/machine/turn-tools.js';
import { persistAgentTurn } from '../../machines/record/turn-record.js';
import type { PersistedAgentTurn } from '../../machines/record/turn-record-types.js';
import type { ChatMessage } from '../../src/wire/types.js';
import { historyProblem } from './history-check.js';
import { TIMER_EVENTS, serializeTurnState, type TurnSnapshot } from './turn-graph-events.js';
import { checkTurnInvariants } from './turn-invariants.js';
import { TurnInvariantError } from './turn-invariant-error.js';
import { createViewWatch } from './view-watch.js';

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

/** A new, empty log for {@link replayTurnPath}. */
export function newTurnReplayLog(): TurnReplayLog {
  return { executed: [], stops: 0, transitions: new Set(), states: new Set() };
}

interface TransitionLike {
  source: { id: string };
  eventType: string;
  guard?: unknown;
  target?: readonly { id: string }[] | undefined;
}

/** A transition as a key: `source --event [guard]--> targets`. */
export function transitionKey(t: TransitionLike): string {
  const guard =
    typeof t.guard === 'object' && t.guard !== null
      ? (t.guard as { type?: string }).type
      : typeof t.guard === 'string'
        ? t.guard
        : '';
  const target = t.target?.map((n) => n.id).join(',') ?? '(self)';
  return `${t.source.id} --${t.eventType || 'always'}${guard ? ` [${guard}]` : ''}--> ${target}`;
}

function stateId(s: TurnSnapshot): string {
  return typeof s.value === 'string'
    ? s.value
    : Object.entries(s.value)
        .map(([k, v]) => `${k}.${v as string}`)
        .join();
}

async function settle(): Promise<void> {
  // Stryker disable next-line EqualityOperator: a tick more only waits longer
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

const HOOK_EVENT = /^xstate\.(done|error)\.actor\.(checkTool|reviewTool|checkStop)$/;

function needsApproval(input: AgentTurnMachineInput, name: string): boolean {
  return input.approval === true || (Array.isArray(input.approval) && input.approval.includes(name));
}

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
  const real = options.tools === 'real';
  const log = options.log ?? newTurnReplayLog();
  const executedHere: string[] = [];
  const approved = new Set<string>();
  const broken: TurnInvariantError[] = [];
  const done: string[] = [];
  let pending: { resolve: (v: ExecuteToolOutput) => void; reject: (e: unknown) => void } | undefined;
  // The hooks' actors (beforeTool, afterTool, beforeStop): the path answers them, as it does a controlled tool.
  const hookPending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const controlledHook = (id: string) =>
    // biome-ignore lint/suspicious/noExplicitAny: one controlled actor stands for each hook actor's own output type
    fromPromise<any, any>(() => new Promise((resolve, reject) => hookPending.set(id, { resolve, reject })));
  let actorRef: { getSnapshot(): TurnSnapshot } | undefined;

  // Real tools: each call is logged and checked when it starts (approved? complete? recorded?).
  const recorded = input.resume?.turn.reply?.toolOutcomes ?? {};
  const calls = new Map<string, number>();
  const own = real ? options.executeTool : undefined;
  const watchedTools = wrapToolRuns(input.tools, (name, fn) => {
    return async (toolUse, context) => {
      const id = toolUse.call_id;
      const key = `${name}:${id}`;
      calls.set(key, (calls.get(key) ?? 0) + 1);
      if (calls.get(key) === 2)
        broken.push(new TurnInvariantError('tool-ran-twice', `${name} (${id}) was called twice`, done));
      if (needsApproval(input, name) && !approved.has(id))
        broken.push(new TurnInvariantError('unapproved-tool-ran', `${name} (${id}) ran without APPROVE`, done));
      const block = actorRef?.getSnapshot().context.blocks.find((b) => b.type === 'tool_use' && b.call_id === id);
      if (block?.partial)
        broken.push(new TurnInvariantError('partial-tool-ran', `${name} (${id}) ran while partial`, done));
      return fn(toolUse, context);
    };
  });
  const machine = agentTurnMachine.provide({
    actors: {
      chat: fromCallback(() => {}),
      // The tool actor records each call it is started for; controlled, the path answers it.
      executeTool:
        own ??
        fromPromise<ExecuteToolOutput, ExecuteToolInput>(({ input: i, signal }) => {
          executedHere.push(i.toolUse.call_id);
          if (real) return runToolUse(i, signal);
          return new Promise((resolve, reject) => (pending = { resolve, reject }));
        }),
      checkTool: controlledHook('checkTool'),
      reviewTool: controlledHook('reviewTool'),
      checkStop: controlledHook('checkStop'),
    },
  });
  let readingStopped = false;
  const watch = createViewWatch();
  const actor = createActor(machine, {
    input: real ? { ...input, tools: watchedTools } : input,
    inspect: (ev) => {
      if (ev.type === '@xstate.microstep') {
        const micro = ev as unknown as { _transitions: TransitionLike[]; snapshot: TurnSnapshot };
        if (micro.snapshot.context.readingStopped && !readingStopped) log.stops++;
        readingStopped = micro.snapshot.context.readingStopped;
        for (const t of micro._transitions) {
          log.transitions.add(transitionKey(t));
          // Stryker disable next-line Regex: `agentTurn.` only ever stands at the start of a state id
          log.states.add(t.source.id.replace(/^agentTurn\./, ''));
        }
        log.states.add(stateId(micro.snapshot));
      }
    },
  });
  actorRef = actor;
  const fail = (error: unknown): never => {
    actor.stop();
    if (error instanceof TurnInvariantError)
      // The rule's own sentence (every line of it), with this path's steps in place of any it had.
      throw new TurnInvariantError(
        error.code,
        // Stryker disable next-line Regex: the code is the message's start and the steps its last line
        error.message.replace(/^[a-z-]+: /, '').replace(/\n {2}after: [^\n]*$/, ''),
        done,
      );
    throw error;
  };
  const check = (snap: TurnSnapshot) => {
    // Your own tool actor: what the machine started is read from the snapshot instead.
    if (
      own !== undefined &&
      (snap.matches({ request: 'executingTool' }) || snap.matches({ resumed: 'executingTool' }))
    ) {
      const b = snap.context.blocks[snap.context.currentStreamingContentIndex];
      if (b?.type === 'tool_use' && executedHere.at(-1) !== b.call_id) executedHere.push(b.call_id);
    }
    // Collected, never thrown here: a subscriber's throw would escape the replay.
    try {
      checkTurnInvariants(snap, executedHere);
      watch.see(selectView(snap));
    } catch (error) {
      // Stryker disable next-line all: the checks throw nothing but TurnInvariantErrors for a snapshot the machine made; this keeps anything else a value too
      broken.push(error instanceof TurnInvariantError ? error : new TurnInvariantError('bad-end', String(error), done));
    }
  };
  // Stryker disable next-line all: cutting changes only how a reply arrives; a correct machine reaches the same state either way (cutPiece's own tests pin the cuts)
  const cutting = (event: AgentTurnEvent) => options.chunkSeed !== undefined && event.type === 'CHAT.CHUNKS';
  const failIfBroken = () => {
    if (broken.length > 0) fail(broken[0]);
  };
  actor.subscribe({ next: (snap) => check(snap), error: () => {} });
  actor.start();
  check(actor.getSnapshot());
  failIfBroken();
  for (const step of steps) {
    const event = step.event;
    if ((event.type as string) === 'xstate.init') continue;
    done.push(event.type);
    if (event.type === 'xstate.done.actor.executeTool' || event.type === 'xstate.error.actor.executeTool') {
      if (real) await untilToolSettled(actor, options.toolTimeoutMs ?? 10_000, done, fail);
      else if (event.type === 'xstate.done.actor.executeTool') pending!.resolve(event.output);
      else pending!.reject(event.error);
      await settle();
    } else if (HOOK_EVENT.test(event.type)) {
      const [, kind, id] = HOOK_EVENT.exec(event.type) as RegExpExecArray;
      const hook = hookPending.get(id as string);
      hookPending.delete(id as string);
      if (kind === 'done') hook?.resolve((event as { output: unknown }).output);
      else hook?.reject((event as { error: unknown }).error);
      await settle();
    } else if (TIMER_EVENTS.has(event.type)) {
      await new Promise((r) => setTimeout(r, 0));
      await settle();
    } else if (event.type === 'APPROVE' || event.type === 'REJECT') {
      const current = actor.getSnapshot().context;
      const block = current.blocks[current.currentStreamingContentIndex];
      if (event.type === 'APPROVE' && block?.type === 'tool_use') approved.add(block.call_id);
      actor.send(event);
    } else if (cutting(event)) {
      // Stryker disable next-line ArithmeticOperator: any seed per step will do, as long as each step has its own
      for (const piece of cutter!(event, options.chunkSeed! + done.length)) actor.send(piece);
    } else {
      actor.send(event);
    }
    failIfBroken();
    const snap = actor.getSnapshot();
    const expected = real ? looseState(step.state) : serializeTurnState(step.state);
    const got = real ? looseState(snap) : serializeTurnState(snap);
    if (got !== expected)
      fail(new TurnInvariantError('unexpected-state', `expected ${expected}\n  got      ${got}`, done));
    log.states.add(stateId(snap));
    check(snap);
    failIfBroken();
  }
  const last = actor.getSnapshot();
  // A restored turn never runs again a tool whose result its record holds.
  for (const id of executedHere) {
    const status = recorded[id]?.status;
    // Stryker disable next-line ConditionalExpression: includes(undefined) is false as well; the test narrows the type
    if (status !== undefined && ['done', 'error', 'rejected', 'skipped', 'cut-off'].includes(status))
      fail(
        new TurnInvariantError(
          'recorded-tool-ran-again',
          `${id} ran again though the record holds its outcome (${status})`,
          done,
        ),
      );
  }
  if (last.status === 'done') {
    const problem = historyProblem(last.output!.messages) ?? options.checkHistory?.(last.output!.messages);
    if (problem !== undefined) fail(new TurnInvariantError('bad-history', problem, done));
  }
  const record = JSON.parse(JSON.stringify(persistAgentTurn(last))) as PersistedAgentTurn;
  actor.stop();
  log.executed.push(...executedHere);
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
