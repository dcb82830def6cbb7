// agent-turn: everything — the core plus the XState machine.
export * from '../src/index.js';
export { agentTurnMachine } from './agent-turn-machine.js';
export type { AgentTurnMachine } from './agent-turn-machine.js';
export type * from './agent-turn-types.js';
export type { ExecuteToolInput, ExecuteToolOutput } from './execute-tool-actor-types.js';
export type { ChatActorEvent, ChatActorInput, ChatBacklog } from './chat-actor-types.js';
export type { TurnPhase } from './turn-phase.js';
export { chatActor, toChatError } from './chat-actor.js';
export type { ChatActorCommand } from './chat-actor.js';
export { executeToolActor, normalizeToolResult, toolErrorResult } from './execute-tool-actor.js';
export {
  DEFAULT_COMPLETION_TOOL,
  DEFAULT_MAX_CONSECUTIVE_MISTAKES,
  DEFAULT_MAX_REQUESTS,
  DEFAULT_RETRY_DELAYS_MS,
  resolveTurnOptions,
} from './turn-context.js';
export { agentTurnInput, createAgentTurnActor, runAgentTurn } from './agent-turn-actor.js';
export type { AgentTurnSetup } from './agent-turn-actor.js';
export { selectView, estimateTokens, isBlockSettled, stateValueToPath } from './select-view.js';
export type * from './turn-view-types.js';
export { TURN_PHASES, phaseOf } from './turn-phase.js';
export { machineToMermaid, machineStatePaths } from './machine-to-mermaid.js';
export { agentTurnStatePaths } from './agent-turn-state-paths.js';
