// agent-turn/react: the React binding — useAgentTurn (on @xstate/react) and the Block memo component.
// Named exports only: this list is the public API (its report, api/*.api.md, pins it: npm run api:update).
export { useAgentTurn } from './use-agent-turn.js';
export type { UseAgentTurnOptions, UseAgentTurnResult } from './use-agent-turn.js';
export { Block } from './block.js';
export type { BlockProps, BlockRenderer } from './block.js';
export type { AgentTurnRef } from './turn-session.js';
