// A machine's definition as plain data: its states (nested, in definition order) and each state's
// transitions, read from the StateNode tree. The one reader behind both the Mermaid export and the
// web page's diagram, so neither can drift from the machine nor from each other.

import {
  describeEvent,
  machineToDirectedGraph,
  type DirectedGraphNode,
  type EdgeKind,
  type StateNodeLike,
  type TransitionLike,
} from './machine-directed-graph.js';

export type { EdgeKind, StateNodeLike, TransitionLike };

/** One transition of a state: what triggers it, under which guard, and where it goes. */
export interface MachineGraphTransition {
  /** A short, human name of the trigger: `APPROVE`, `always`, `after retryDelay`, `done: executeTool`. */
  event: string;
  kind: EdgeKind;
  /** The guard's name, if the transition has one. */
  guard?: string;
  /** Dotted paths of the target states; empty for a transition that only runs actions. */
  targets: string[];
}

/** One state of the machine as the graph reads it: its place, its children and its transitions. */
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

/** The whole machine as a graph of states, read from its config (see {@link readMachineGraph}). */
export interface MachineGraph {
  /** The machine's id (the root state's id). */
  rootId: string;
  /** Every state by path, the root ('') first, then depth-first in definition order. */
  nodes: Map<string, MachineGraphNode>;
}

const KINDS = new Set(['atomic', 'compound', 'final', 'parallel', 'history']);

const pathOf = (node: StateNodeLike) => node.path.join('.');

function transitionOf(
  t: TransitionLike,
  label: { text: string; kind: EdgeKind; guard?: string },
): MachineGraphTransition {
  return {
    event: label.text,
    kind: label.kind,
    ...(label.guard !== undefined ? { guard: label.guard } : {}),
    targets: (t.target ?? []).map(pathOf),
  };
}

/**
 * Reads a machine's state tree (pass `machine.root`) into plain data, from its directed graph
 * (machine-directed-graph.ts): the diagram, the Mermaid export and the graph export are one reading.
 */
export function readMachineGraph(root: StateNodeLike): MachineGraph {
  const nodes = new Map<string, MachineGraphNode>();
  const visit = (graph: DirectedGraphNode, parent: string | undefined, depth: number) => {
    const node = graph.stateNode;
    const initial = node.initial?.target?.[0];
    // A transition with several targets is several edges: one entry per transition, in order.
    const transitions: MachineGraphTransition[] = [];
    let last: TransitionLike | undefined;
    for (const edge of graph.edges) {
      if (edge.transition === last) continue;
      last = edge.transition;
      transitions.push(transitionOf(edge.transition, edge.label));
    }
    nodes.set(pathOf(node), {
      path: pathOf(node),
      key: node.key,
      parent,
      kind: (KINDS.has(node.type) ? node.type : 'atomic') as MachineGraphNode['kind'],
      children: graph.children.map((child) => pathOf(child.stateNode)),
      ...(initial ? { initial: pathOf(initial) } : {}),
      depth,
      transitions,
    });
    for (const child of graph.children) visit(child, pathOf(node), depth + 1);
  };
  visit(machineToDirectedGraph(root), undefined, 0);
  return { rootId: root.id, nodes };
}
