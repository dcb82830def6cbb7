// A machine's definition as plain data: its states (nested, in definition order) and each state's
// transitions, read from the StateNode tree. The one reader behind both the Mermaid export and the
// web page's diagram, so neither can drift from the machine nor from each other.

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

export interface MachineGraphTransition {
  /** A short, human name of the trigger: `APPROVE`, `always`, `after retryDelay`, `done: executeTool`. */
  event: string;
  kind: EdgeKind;
  /** The guard's name, if the transition has one. */
  guard?: string;
  /** Dotted paths of the target states; empty for a transition that only runs actions. */
  targets: string[];
}

export interface MachineGraphNode {
  /** Dotted path below the root: `request.streaming`; '' is the root. */
  path: string;
  key: string;
  /** Path of the parent state; undefined for the root. */
  parent: string | undefined;
  kind: 'atomic' | 'compound' | 'final' | 'parallel' | 'history';
  /** Paths of the child states, in definition order. */
  children: string[];
  /** Path of the initial child, for compound states. */
  initial?: string;
  depth: number;
  /** The state's own transitions in definition order: its events first, then its `always` ones. */
  transitions: MachineGraphTransition[];
}

export interface MachineGraph {
  /** The machine's id (the root state's id). */
  rootId: string;
  /** Every state by path, the root ('') first, then depth-first in definition order. */
  nodes: Map<string, MachineGraphNode>;
}

const KINDS = new Set(['atomic', 'compound', 'final', 'parallel', 'history']);

function guardName(guard: unknown): string | undefined {
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

const pathOf = (node: StateNodeLike) => node.path.join('.');

function transitionOf(t: TransitionLike, eventType: string): MachineGraphTransition {
  const guard = guardName(t.guard);
  return {
    ...describeEvent(eventType),
    ...(guard !== undefined ? { guard } : {}),
    targets: (t.target ?? []).map(pathOf),
  };
}

/** Reads a machine's state tree (pass `machine.root`) into plain data. */
export function readMachineGraph(root: StateNodeLike): MachineGraph {
  const nodes = new Map<string, MachineGraphNode>();
  const visit = (node: StateNodeLike, parent: string | undefined, depth: number) => {
    const children = Object.values(node.states);
    const initial = node.initial?.target?.[0];
    const transitions: MachineGraphTransition[] = [];
    for (const list of node.transitions.values()) for (const t of list) transitions.push(transitionOf(t, t.eventType));
    for (const t of node.always ?? []) transitions.push(transitionOf(t, ''));
    nodes.set(pathOf(node), {
      path: pathOf(node),
      key: node.key,
      parent,
      kind: (KINDS.has(node.type) ? node.type : 'atomic') as MachineGraphNode['kind'],
      children: children.map(pathOf),
      ...(initial ? { initial: pathOf(initial) } : {}),
      depth,
      transitions,
    });
    for (const child of children) visit(child, pathOf(node), depth + 1);
  };
  visit(root, undefined, 0);
  return { rootId: root.id, nodes };
}
