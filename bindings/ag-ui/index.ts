// agent-turn/ag-ui: a turn as AG-UI events (agent → UI over SSE) and an AG-UI run's input as the
// turn's history. Needs nothing at run time (no @ag-ui/* import). Named exports only;
// api/*.api.md pins this list (npm run api:update).
export { createAgUiEncoder, agUiSse } from './ag-ui-encoder.js';
export type { AgUiEncoder, AgUiEncoderOptions } from './ag-ui-encoder.js';
export { agUiEvents } from './ag-ui-stream.js';
export type { FollowedTurn, TurnViewsOptions } from '../turn-stream/turn-views.js';
export { readAgUiInput } from './ag-ui-input.js';
export type { AgUiApprovalAnswer, AgUiInputResult } from './ag-ui-input.js';
export type { AgUiEvent, AgUiInterrupt, AgUiRunOutcome, AgUiTurnState, AgUiPatchOperation } from './ag-ui-events.js';
