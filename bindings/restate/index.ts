// agent-turn/restate: durable agent turns on Restate (https://restate.dev). Named exports only;
// api/*.api.md pins this list (npm run api:update).
export { agentTurnObject } from './agent-turn-object.js';
export type { AgentTurnObject, AgentTurnObjectOptions, ApprovalAnswer, ApprovalInput } from './agent-turn-object.js';
export { runDurableTurn } from './durable-turn.js';
export { VIEW_STATE, APPROVAL_STATE, APPROVAL_GATE_STATE, APPROVAL_EXPIRED_STATE } from './durable-state.js';
export { MIN_APPROVAL_SECRET_LENGTH } from './approval-decision.js';
export type { ApprovalDecision } from './approval-decision.js';
export type { DurableTurnOptions, LiveTurnEvents } from './durable-turn.js';
export type { DurableTurnContext, PendingApproval, ApprovalGate, ExpiredApprovals } from './durable-state.js';
export { journaledChatClient } from './journaled-chat-client.js';
export type { JournaledChatOptions, LiveReplyEvents } from './journaled-chat-client.js';
export { journaledTools, DURABLE_OUTCOME_UNKNOWN_TEXT } from './journaled-tools.js';
export type { JournaledToolOptions } from './journaled-tools.js';
export type { DurableTurnOutput, DurableTurnRequest } from './durable-output.js';
export type { RecordedReply } from './recorded-reply.js';
export { ensurePromiseWithResolvers } from './promise-with-resolvers.js';
