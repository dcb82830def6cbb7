// The context window: prompt sizes, the budget, truncation and the providers' "too long" errors.
export { estimateMessageTokens, estimatePromptTokens, promptSize } from './prompt-size.js';
export { promptBudget } from './context-budget.js';
export { HISTORY_TRUNCATED_NOTE, truncateHistory } from './truncate-history.js';
export { isContextLengthError } from './context-length-error.js';
export { compactHistory, planCompaction } from './compact-history.js';
export type { CompactHistoryOptions, CompactionPlan, CompactionResult } from './compact-history.js';
