// The machine's states and transitions as plain data, read from the machine definition itself
// (its StateNode tree), so the diagram can never drift from the machine.

/** The parts of an XState StateNode this file reads. */
export interface StateNodeLike {
  id: string;
  key: string;
  type: string;
  states: Record<string, StateNodeLike>;
  initial?: { target?: readonly StateNodeLike[] } | undefined;
  transitions: Map<string, readonly TransitionLike[]>;
  always?: readonly TransitionLike[] | undefined;
}

export interface TransitionLike {
  eventType: string;
  target?: readonly StateNodeLike[] | undefined;
  guard?: unknown;
}

export interface GraphNode {
  /** Dotted path below the root: `request.streaming`; '' is the root. */
  path: string;
  key: string;
  parent: string | undefined;
  kind: 'atomic' | 'compound' | 'final' | 'parallel' | 'history';
  children: string[];
  /** Path of the initial child, for compound states. */
  initial?: string;
  depth: number;
}

export type EdgeKind = 'event' | 'always' | 'after' | 'done' | 'error';

export interface GraphTransition {
  event: string;
  kind: EdgeKind;
  guard?: string;
}

/** All transitions between one pair of states, merged. */
export interface GraphEdge {
  id: string;
  from: string;
  to: string;
  transitions: GraphTransition[];
}

export interface StateGraph {
  rootId: string;
  nodes: Map<string, GraphNode>;
  edges: GraphEdge[];
  /** Transitions that only run actions (no target), by state path. */
  selfActions: Map<string, GraphTransition[]>;
}

export function pathOfId(rootId: string, id: string): string {
  return id === rootId ? '' : id.startsWith(`${rootId}.`) ? id.slice(rootId.length + 1) : id;
}

export function edgeId(from: string, to: string): string {
  return `${from || '(root)'}->${to || '(root)'}`;
}

function guardName(guard: unknown): string | undefined {
  if (typeof guard === 'string') return guard;
  if (guard && typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') return (guard as { type: string }).type;
  return undefined;
}

/** A short, human name for an event type. */
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

export function buildStateGraph(root: StateNodeLike): StateGraph {
  const rootId = root.id;
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  const selfActions = new Map<string, GraphTransition[]>();

  const addTransition = (source: string, t: TransitionLike) => {
    const described = describeEvent(t.eventType);
    const guard = guardName(t.guard);
    const transition: GraphTransition = { ...described, ...(guard !== undefined ? { guard } : {}) };
    const targets = t.target ?? [];
    if (targets.length === 0) {
      const list = selfActions.get(source) ?? [];
      list.push(transition);
      selfActions.set(source, list);
      return;
    }
    for (const target of targets) {
      const to = pathOfId(rootId, target.id);
      const id = edgeId(source, to);
      const edge = edges.get(id) ?? { id, from: source, to, transitions: [] };
      edge.transitions.push(transition);
      edges.set(id, edge);
    }
  };

  const visit = (node: StateNodeLike, parent: string | undefined, depth: number) => {
    const path = pathOfId(rootId, node.id);
    const children = Object.values(node.states);
    const initial = node.initial?.target?.[0];
    nodes.set(path, {
      path,
      key: node.key,
      parent,
      kind: (['atomic', 'compound', 'final', 'parallel', 'history'].includes(node.type) ? node.type : 'atomic') as GraphNode['kind'],
      children: children.map((c) => pathOfId(rootId, c.id)),
      ...(initial ? { initial: pathOfId(rootId, initial.id) } : {}),
      depth,
    });
    for (const list of node.transitions.values()) for (const t of list) addTransition(path, t);
    for (const t of node.always ?? []) addTransition(path, { ...t, eventType: '' });
    for (const child of children) visit(child, path, depth + 1);
  };
  visit(root, undefined, 0);
  return { rootId, nodes, edges: [...edges.values()], selfActions };
}

/** Paths of the active states for a snapshot value: `{ request: 'streaming' }` -> ['request', 'request.streaming']. */
export function activePaths(value: unknown, prefix = ''): string[] {
  const join = (key: string) => (prefix === '' ? key : `${prefix}.${key}`);
  if (typeof value === 'string') return [join(value)];
  if (value && typeof value === 'object') {
    const out: string[] = [];
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      out.push(join(key), ...activePaths(child, join(key)));
    }
    return out;
  }
  return [];
}
