export {
  modelProfiles,
  defaultModelProfile,
  profileFor,
  registerModelProfile,
  listModelProfiles,
  MEASURED_MODEL_IDS,
  ModelProfileError,
  contextLimitsFor,
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
