export {
  modelProfiles, defaultModelProfile, profileFor, registerModelProfile, listModelProfiles, findModelProfile,
  MEASURED_MODEL_IDS, ModelProfileError,
} from './profiles.js';
export type {
  ModelProfile, ReasoningStyle, InactiveKeyConvention, JsonSchemaSupport, StructuredOutputSupport,
} from './profiles.js';
