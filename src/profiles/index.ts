export {
  modelProfiles,
  defaultModelProfile,
  profileFor,
  registerModelProfile,
  listModelProfiles,
  findModelProfile,
  MEASURED_MODEL_IDS,
  ModelProfileError,
  contextLimitsFor,
  DEFAULT_CONTEXT_WINDOW,
  DEFAULT_MAX_OUTPUT_TOKENS,
  DEFAULT_HISTORY_RULE,
  historyRuleOf,
} from './profiles.js';
export type {
  ModelProfile,
  ReasoningStyle,
  InactiveKeyConvention,
  JsonSchemaSupport,
  StructuredOutputSupport,
  HistoryRule,
  HistoryReasoning,
  OpaqueHistoryField,
} from './profiles.js';
export { dialectsForModel, startsInReasoningFor } from './model-dialects.js';
