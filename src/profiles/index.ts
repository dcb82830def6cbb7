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
} from './profiles.js';
export type {
  ModelProfile,
  ReasoningStyle,
  InactiveKeyConvention,
  JsonSchemaSupport,
  StructuredOutputSupport,
} from './profiles.js';
