export type { AssistantMessageContent, TextStreamContent, ReasoningStreamContent, ToolUse } from './blocks.js';
export type { ParseOptions, StreamParseOptions } from './options.js';
export { parseAssistantMessage } from './parse-assistant-message.js';
export { createStreamParser, ParserError } from './stream-parser.js';
export type { StreamParser } from './stream-parser.js';
