// A machine as the directed graph `@xstate/graph`'s `toDirectedGraph` returns — the same node and
// edge shape, so tools that read that shape read this — but with every transition of the
// definition: `toDirectedGraph` (and `machine.toJSON()`) leave out the eventless (`always`) ones,
// which for the agent-turn machine are 30 of its edges and most of its decisions. Each edge's label
// also names the transition's guard and what kind of trigger it is.
/** The parts of an XState StateNode this reader uses (structural, so any machine's root fits). */
export interface StateNodeLike {
  id: string;
  key: string;
  type: string;
  path: readonly string[];
  states: Record<string, StateNodeLike>;
  initial?: { target?: readonly StateNodeLike[] } | undefined;
  transitions: Map<string, readonly TransitionLike[]>;
  always?: readonly TransitionLike[] | undefined;
}

/** The parts of an XState transition definition this reader uses. */
export interface TransitionLike {
  eventType: string;
  target?: readonly StateNodeLike[] | undefined;
  guard?: unknown;
}

/** How a transition is triggered: a named event, `always`, a delay, or an invoked actor's result. */
export type EdgeKind = 'event' | 'always' | 'after' | 'done' | 'error';

/** An edge's label: the trigger (`APPROVE`, `always`, `after retryDelay`, `done: executeTool`), its guard and kind. */
export interface DirectedGraphLabel {
  /** The trigger as a person reads it: the event type, `always`, `after <delay>`, `done: <actor>`. */
  text: string;
  /** The guard's name, when the transition has one. */
  guard?: string;
  kind: EdgeKind;
  toJSON(): { text: string; guard?: string; kind: EdgeKind };
}

/** One edge: a transition to one of its targets (a transition without a target is drawn to its own state). */
export interface DirectedGraphEdge {
  /** `${source id}:${transition index}:${target index}`, as `toDirectedGraph` numbers them (eventless ones after the others). */
  id: string;
  source: StateNodeLike;
  target: StateNodeLike;
  transition: TransitionLike;
  label: DirectedGraphLabel;
  toJSON(): { source: string; target: string; label: ReturnType<DirectedGraphLabel['toJSON']> };
}

/** One state with its child states and the edges that leave it. */
export interface DirectedGraphNode {
  id: string;
  stateNode: StateNodeLike;
  children: DirectedGraphNode[];
  edges: DirectedGraphEdge[];
  toJSON(): { id: string; children: DirectedGraphNode[]; edges: DirectedGraphEdge[] };
}

export function guardName(guard: unknown): string | undefined {
  if (typeof guard === 'string') return guard;
  if (guard !== null && typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string')
    return (guard as { type: string }).type;
  if (typeof guard === 'function') return guard.name || 'guard';
  return undefined;
}

/** A short, human name for an event type: `xstate.after.<delay>.<id>` as `after <delay>`, invoke results as `done: <id>` / `error: <id>`. */
export function describeEvent(eventType: string): { event: string; kind: EdgeKind } {
  if (eventType === '') return { event: 'always', kind: 'always' };
  let m = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (m) return { event: `done: ${m[1]}`, kind: 'done' };
  m = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (m) return { event: `error: ${m[1]}`, kind: 'error' };
  m = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (m) return { event: `after ${m[1]}`, kind: 'after' };
  return { event: eventType, kind: 'event' };
}

function labelOf(transition: TransitionLike, eventless: boolean): DirectedGraphLabel {
  const { event, kind } = describeEvent(eventless ? '' : transition.eventType);
  const guard = guardName(transition.guard);
  const json = { text: event, ...(guard !== undefined ? { guard } : {}), kind };
  return { ...json, toJSON: () => json };
}

/**
 * The machine (or a state node: pass `machine.root`) as a directed graph with every transition:
 * events, delays, invoked actors' results and the eventless `always` transitions, with guards.
 *
 * @example
 * ```ts
 * import { agentTurnMachine } from 'agent-turn';
 * import { machineToDirectedGraph } from 'agent-turn/testing';
 *
 * const graph = machineToDirectedGraph(agentTurnMachine);
 * JSON.stringify(graph); // { id, children: [...], edges: [{ source, target, label: { text, guard, kind } }] }
 * ```
 */
export function machineToDirectedGraph(machine: { root: unknown } | StateNodeLike): DirectedGraphNode {
  const stateNode = ('root' in machine ? machine.root : machine) as StateNodeLike;
  const transitions: { transition: TransitionLike; eventless: boolean }[] = [];
  for (const list of stateNode.transitions.values())
    for (const t of list) transitions.push({ transition: t, eventless: false });
  for (const t of stateNode.always ?? []) transitions.push({ transition: t, eventless: true });
  const edges = transitions.flatMap(({ transition, eventless }, transitionIndex) => {
    const targets = transition.target && transition.target.length > 0 ? transition.target : [stateNode];
    return targets.map((target, targetIndex): DirectedGraphEdge => {
      const label = labelOf(transition, eventless);
      return {
        id: `${stateNode.id}:${transitionIndex}:${targetIndex}`,
        source: stateNode,
        target,
        transition,
        label,
        toJSON: () => ({ source: stateNode.id, target: target.id, label: label.toJSON() }),
      };
    });
  });
  const node: DirectedGraphNode = {
    id: stateNode.id,
    stateNode,
    children: Object.values(stateNode.states).map((child) => machineToDirectedGraph(child)),
    edges,
    toJSON: () => ({ id: node.id, children: node.children, edges: node.edges }),
  };
  return node;
}
