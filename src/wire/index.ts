export type * from './types.js';
export { ChatError, isChatError } from './errors.js';
export type { ChatErrorDetails } from './errors.js';
export { readChatCompletionStream } from './read-chat-completion-stream.js';
export type { ChatStreamSource, ReadChatStreamOptions } from './read-chat-completion-stream.js';
export { readChatCompletion } from './read-chat-completion.js';
export { createChatClient } from './chat-client.js';
export type { ChatClientOptions } from './chat-client.js';
