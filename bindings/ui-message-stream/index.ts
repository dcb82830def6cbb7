// agent-turn/ui-message-stream: a turn as the AI SDK's UI message stream (what useChat reads).
// Needs nothing at run time (no `ai` import). Named exports only; api/*.api.md pins this list
// (npm run api:update).
export {
  createUiMessageEncoder,
  uiMessageSse,
  UI_MESSAGE_STREAM_HEADERS,
  UI_MESSAGE_STREAM_DONE,
} from './ui-message-encoder.js';
export type { UiMessageEncoder, UiMessageEncoderOptions } from './ui-message-encoder.js';
export { uiMessageParts } from './ui-message-stream.js';
export type { FollowedTurn, TurnViewsOptions } from '../turn-stream/turn-views.js';
export { readUiMessageInput } from './ui-message-input.js';
export type { UiApprovalAnswer, UiMessageInputResult } from './ui-message-input.js';
export type { UiMessagePart } from './ui-message-parts.js';
