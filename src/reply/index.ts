export { createBlockAssembler, BlockAssemblerError } from './block-assembler.js';
export type { BlockAssembler, BlockAssemblerOptions } from './block-assembler.js';
export { assistantHistoryMessage, toolResultMessages } from './history.js';
export type { ToolResultEntry, AssistantReply } from './history.js';
