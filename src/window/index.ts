// The context window: prompt sizes, the budget, truncation and the providers' "too long" errors.
export { MESSAGE_OVERHEAD_TOKENS, estimateMessageTokens, estimatePromptTokens, promptSize } from './prompt-size.js';
export type { PromptMeasure, PromptSize } from './prompt-size.js';
export { promptBudget, replyReserve } from './context-budget.js';
export type { ContextLimits } from './context-budget.js';
export { HISTORY_TRUNCATED_NOTE, truncateHistory } from './truncate-history.js';
export type { TruncationResult } from './truncate-history.js';
export { isContextLengthError } from './context-length-error.js';
export {
  SUMMARY_INSTRUCTION,
  SUMMARY_MESSAGE_OPENING,
  SUMMARY_REQUEST_OPENING,
  compactHistory,
  planCompaction,
  transcriptOf,
} from './compact-history.js';
export type {
  CompactHistoryOptions,
  CompactionError,
  CompactionErrorCode,
  CompactionPlan,
  CompactionResult,
} from './compact-history.js';
