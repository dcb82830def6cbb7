// agent-turn/testing: what tests and inspectors of an agent built on agent-turn need — a model-based
// test kit (the machine walked, every path replayed with your tools, the invariants checked), and a
// graph export that keeps every transition (toDirectedGraph's shape). Named exports only.
export { createTurnTestModel, walkTurnPaths, turnTestInput, DEFAULT_REPLY_MODEL } from './turn-test-model.js';
export type { TurnTestModel, TurnTestModelOptions, TurnTestPath, TurnTestReport } from './turn-test-model.js';
export { replayTurnPath, newTurnReplayLog, transitionKey } from './replay-turn-path.js';
export type { ReplayOptions, TurnPathResult, TurnPathStep, TurnReplayLog } from './replay-turn-path.js';
export {
  REPLY_PIECES,
  TURN_EVENTS,
  RETRY_EVENT,
  DRAIN_GRACE_EVENT,
  replyPiece,
  turnEventsFor,
  serializeTurnState,
  serializeTurnStateWithResults,
  serializeTurnEvent,
} from './turn-graph-events.js';
export type { TurnReplyModel, TurnSnapshot } from './turn-graph-events.js';
export { checkTurnInvariants } from './turn-invariants.js';
export { TurnInvariantError } from './turn-invariant-error.js';
export type { TurnInvariantCode } from './turn-invariant-error.js';
export { createViewWatch } from './view-watch.js';
export { historyProblem } from './history-check.js';
export type { ExecuteToolInput, ExecuteToolOutput } from '../../machines/actors/execute-tool-actor-types.js';
export type { ChatActorInput, ChatActorCommand } from '../../machines/actors/chat-actor-types.js';
export { machineToDirectedGraph } from '../../machines/graph/machine-directed-graph.js';
export type {
  DirectedGraphNode,
  DirectedGraphEdge,
  DirectedGraphLabel,
  StateNodeLike,
  TransitionLike,
  EdgeKind,
} from '../../machines/graph/machine-directed-graph.js';
