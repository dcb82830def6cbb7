export type * from './types.js';
export { ChatError, isChatError } from './errors.js';
export type { ChatErrorDetails } from './errors.js';
// --- wire layer (stream reading, client, blocks, history) below this line ---
export { readChatCompletionStream } from './read-chat-completion-stream.js';
export type { ChatStreamSource, ReadChatStreamOptions } from './read-chat-completion-stream.js';
export { readChatCompletion } from './read-chat-completion.js';
export { createChatClient } from './chat-client.js';
export type { ChatClientOptions, FetchLike } from './chat-client.js';
export { createBlockAssembler, BlockAssemblerError } from './block-assembler.js';
export type { BlockAssembler, BlockAssemblerOptions } from './block-assembler.js';
export { assistantHistoryMessage, toolResultMessages } from './history.js';
export type { ToolResultEntry } from './history.js';
export { describeToolUse } from './describe-tool-use.js';
export { stripLeadingReasoning } from './strip-leading-reasoning.js';
export type { StripReasoningOptions } from './strip-leading-reasoning.js';
export { createPartialJsonObjectReader } from './partial-json-object.js';
export type { PartialJsonObjectReader } from './partial-json-object.js';

// --- structured output below this line ---
export { parseJsonLoose, splitThinkPrefix } from './parse-json-loose.js';
export type { ThinkPrefixSplit } from './parse-json-loose.js';
export { requestStructured, structuredFormatFor, structuredInstruction } from './structured-output.js';
export type { StructuredFormat, StructuredRequestOptions, StructuredResult } from './structured-output.js';
export { StructuredOutputError } from './structured-output-error.js';
export type { StructuredOutputErrorCode } from './structured-output-error.js';
export { checkJsonSchema } from './check-json-schema.js';
