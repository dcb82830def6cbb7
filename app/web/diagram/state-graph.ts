// The machine's states and transitions as the diagram draws them: the machine's graph (read by
// machines/graph/machine-graph.ts, the same reader as the Mermaid export) with transitions merged into one
// edge per pair of states.
import { readMachineGraph, type EdgeKind, type MachineGraphNode, type StateNodeLike } from 'agent-turn';

export { describeEvent } from 'agent-turn';
export type { EdgeKind, StateNodeLike } from 'agent-turn';

export type GraphNode = Omit<MachineGraphNode, 'transitions'>;

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

/**
 * The label drawn on an edge: the transitions a person triggers or waits for (events, delays,
 * done / error), merged; eventless (`always`) ones are left to the hover title. A transition the
 * root takes from any state says so.
 */
export function edgeLabelText(transitions: readonly GraphTransition[], fromAnyState = false): string {
  const named = transitions.filter((t) => t.kind !== 'always');
  const text = [...new Set(named.map((t) => (t.kind === 'done' || t.kind === 'error' ? t.kind : t.event)))].join(' / ');
  return fromAnyState && text !== '' ? `${text} (any state)` : text;
}

/** A state's dotted path from its id (`agentTurn.request.streaming` -> `request.streaming`), for inspection events. */
export function pathOfId(rootId: string, id: string): string {
  return id === rootId ? '' : id.startsWith(`${rootId}.`) ? id.slice(rootId.length + 1) : id;
}

export function edgeId(from: string, to: string): string {
  return `${from || '(root)'}->${to || '(root)'}`;
}

export function buildStateGraph(root: StateNodeLike): StateGraph {
  const machine = readMachineGraph(root);
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  const selfActions = new Map<string, GraphTransition[]>();
  for (const { transitions, ...node } of machine.nodes.values()) {
    nodes.set(node.path, node);
    for (const { targets, ...transition } of transitions) {
      if (targets.length === 0) {
        const list = selfActions.get(node.path) ?? [];
        list.push(transition);
        selfActions.set(node.path, list);
        continue;
      }
      for (const to of targets) {
        const id = edgeId(node.path, to);
        const edge = edges.get(id) ?? { id, from: node.path, to, transitions: [] };
        edge.transitions.push(transition);
        edges.set(id, edge);
      }
    }
  }
  return { rootId: machine.rootId, nodes, edges: [...edges.values()], selfActions };
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
