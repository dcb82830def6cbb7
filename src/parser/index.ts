export type { AssistantMessageContent, TextStreamContent, ReasoningStreamContent, ToolUse } from './blocks.js';
export type { ParseOptions, StreamParseOptions } from './options.js';
export { parseAssistantMessage } from './parse-assistant-message.js';
export { createStreamParser } from './stream-parser.js';
export type { StreamParser } from './stream-parser.js';
export { ParserError } from './parser-error.js';
export { withDialects } from './dialects/with-dialects.js';
export type { ParserErrorCode } from './parser-error.js';
