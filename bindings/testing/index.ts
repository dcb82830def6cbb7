// agent-turn/testing: what tests and inspectors of an agent built on agent-turn need. Named exports
// only. The graph export keeps every transition of the machine (toDirectedGraph's shape).
export { machineToDirectedGraph } from '../../machines/machine-directed-graph.js';
export type {
  DirectedGraphNode,
  DirectedGraphEdge,
  DirectedGraphLabel,
  StateNodeLike,
  TransitionLike,
  EdgeKind,
} from '../../machines/machine-directed-graph.js';
