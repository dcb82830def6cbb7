// The live side of one replay: the machine with its chat actor silenced and its tool and hook
// actors answered from the path (or, `real`, the input's tools watched call by call), the actor
// inspected for the log, and every snapshot checked. Broken rules are collected, then thrown by `fail`.
import { type Actor, createActor, fromCallback, fromPromise } from 'xstate';
import type { ExecuteToolInput, ExecuteToolOutput } from '../../machines/actors/execute-tool-actor-types.js';
import { runToolUse } from '../../machines/actors/execute-tool-actor.js';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { AgentTurnMachineInput } from '../../machines/machine/agent-turn-machine-input.js';
import { type TurnTools, wrapToolRuns } from '../../machines/machine/turn-tools.js';
import { selectView } from '../../machines/view/select-view.js';
import type { ReplayOptions, TurnReplayLog } from './replay-types.js';
import type { TurnSnapshot } from './turn-graph-events.js';
import { TurnInvariantError } from './turn-invariant-error.js';
import { checkTurnInvariants } from './turn-invariants.js';
import { stateId, type TransitionLike, transitionKey } from './turn-transition-key.js';
import { createViewWatch } from './view-watch.js';

interface Answer<T> {
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}

/** One replay's running actor and what it has collected so far. */
export interface ReplayHarness {
  actor: Actor<typeof agentTurnMachine>;
  /** The input's tools run (not answered from the path). */
  real: boolean;
  log: TurnReplayLog;
  /** call_ids the tool actor was started for, in this replay. */
  executedHere: string[];
  /** call_ids of the tool uses an APPROVE step was sent for. */
  approved: Set<string>;
  /** The path's event types sent so far. */
  done: string[];
  /** The controlled tool actor waiting for the path's answer. */
  tool: { pending?: Answer<ExecuteToolOutput> };
  /** The hooks' actors (beforeTool, afterTool, beforeStop) waiting for the path's answer, by actor id. */
  hookPending: Map<string, Answer<unknown>>;
  /** Stops the actor and throws the error (a broken rule with this path's steps). */
  fail(error: unknown): never;
  /** Checks one snapshot; a broken rule is collected, never thrown here. */
  check(snap: TurnSnapshot): void;
  /** Throws the first rule collected as broken, if any. */
  failIfBroken(): void;
}

function needsApproval(input: AgentTurnMachineInput, name: string): boolean {
  return input.approval === true || (Array.isArray(input.approval) && input.approval.includes(name));
}

type Collected = Pick<ReplayHarness, 'approved' | 'done'> & {
  broken: TurnInvariantError[];
  actorRef?: { getSnapshot(): TurnSnapshot };
};

/** Real tools: each call is logged and checked when it starts (approved? complete? recorded?). */
function watchedToolsOf(input: AgentTurnMachineInput, state: Collected): TurnTools {
  const { broken, done, approved } = state;
  const calls = new Map<string, number>();
  return wrapToolRuns(input.tools, (name, fn) => {
    return async (toolUse, context) => {
      const id = toolUse.call_id;
      const key = `${name}:${id}`;
      calls.set(key, (calls.get(key) ?? 0) + 1);
      if (calls.get(key) === 2)
        broken.push(new TurnInvariantError('tool-ran-twice', `${name} (${id}) was called twice`, done));
      if (needsApproval(input, name) && !approved.has(id))
        broken.push(new TurnInvariantError('unapproved-tool-ran', `${name} (${id}) ran without APPROVE`, done));
      const block = state.actorRef?.getSnapshot().context.blocks.find((b) => b.type === 'tool_use' && b.call_id === id);
      if (block?.partial)
        broken.push(new TurnInvariantError('partial-tool-ran', `${name} (${id}) ran while partial`, done));
      return fn(toolUse, context);
    };
  });
}

/** The machine with its chat actor silenced and its tool and hook actors answered as the replay says. */
function replayMachine(
  real: boolean,
  own: ReplayOptions['executeTool'],
  h: Pick<ReplayHarness, 'executedHere' | 'tool' | 'hookPending'>,
) {
  const controlledHook = (id: string) =>
    // biome-ignore lint/suspicious/noExplicitAny: one controlled actor stands for each hook actor's own output type
    fromPromise<any, any>(() => new Promise((resolve, reject) => h.hookPending.set(id, { resolve, reject })));
  return agentTurnMachine.provide({
    actors: {
      chat: fromCallback(() => {}),
      // The tool actor records each call it is started for; controlled, the path answers it.
      executeTool:
        own ??
        fromPromise<ExecuteToolOutput, ExecuteToolInput>(({ input: i, signal }) => {
          h.executedHere.push(i.toolUse.call_id);
          if (real) return runToolUse(i, signal);
          return new Promise((resolve, reject) => (h.tool.pending = { resolve, reject }));
        }),
      checkTool: controlledHook('checkTool'),
      reviewTool: controlledHook('reviewTool'),
      checkStop: controlledHook('checkStop'),
    },
  });
}

/** Logs each microstep's transitions and states (and the replies whose reading stopped). */
function inspectInto(log: TurnReplayLog) {
  let readingStopped = false;
  return (ev: { type: string }) => {
    if (ev.type !== '@xstate.microstep') return;
    const micro = ev as unknown as { _transitions: TransitionLike[]; snapshot: TurnSnapshot };
    if (micro.snapshot.context.readingStopped && !readingStopped) log.stops++;
    readingStopped = micro.snapshot.context.readingStopped;
    for (const t of micro._transitions) {
      log.transitions.add(transitionKey(t));
      // Stryker disable next-line Regex: `agentTurn.` only ever stands at the start of a state id
      log.states.add(t.source.id.replace(/^agentTurn\./, ''));
    }
    log.states.add(stateId(micro.snapshot));
  };
}

/** Builds and starts one replay's actor; its first snapshot is checked already. */
export function startReplay(input: AgentTurnMachineInput, options: ReplayOptions, log: TurnReplayLog): ReplayHarness {
  const real = options.tools === 'real';
  const own = real ? options.executeTool : undefined;
  const state: Collected = { approved: new Set(), done: [], broken: [] };
  const { broken, done } = state;
  const executedHere: string[] = [];
  const tool: ReplayHarness['tool'] = {};
  const hookPending = new Map<string, Answer<unknown>>();
  const watchedTools = watchedToolsOf(input, state);
  const machine = replayMachine(real, own, { executedHere, tool, hookPending });
  const watch = createViewWatch();
  const actor = createActor(machine, {
    input: real ? { ...input, tools: watchedTools } : input,
    inspect: inspectInto(log),
  });
  state.actorRef = actor;
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
  const failIfBroken = () => {
    if (broken.length > 0) fail(broken[0]);
  };
  actor.subscribe({ next: (snap) => check(snap), error: () => {} });
  actor.start();
  check(actor.getSnapshot());
  const h = { actor, real, log, executedHere, approved: state.approved, done, tool, hookPending };
  return { ...h, fail, check, failIfBroken };
}
