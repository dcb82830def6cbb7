export { createBlockAssembler, BlockAssemblerError } from './block-assembler.js';
export type { BlockAssembler, BlockAssemblerOptions } from './block-assembler.js';
export { assistantHistoryMessage, toolResultMessages } from './history.js';
export type { ToolResultEntry, AssistantReply } from './history.js';
export { describeToolUse } from './describe-tool-use.js';
export { stripLeadingReasoning } from './strip-leading-reasoning.js';
export type { StripReasoningOptions } from './strip-leading-reasoning.js';
export { createPartialJsonObjectReader } from './partial-json-object.js';
export type { PartialJsonObjectReader } from './partial-json-object.js';
