export {
  modelProfiles, defaultModelProfile, profileFor, registerModelProfile, listModelProfiles, findModelProfile,
  MEASURED_MODEL_IDS, ModelProfileError,
} from './profiles.js';
export type {
  ModelProfile, ReasoningStyle, InactiveKeyConvention, JsonSchemaSupport, StructuredOutputSupport,
} from './profiles.js';
export { createScriptedModel, ScriptedModelError } from './scripted-model.js';
export type { ScriptedModelOptions, FetchFunction } from './scripted-model.js';
export { scriptedFaults } from './scripted-faults.js';
export type { ScriptedFault } from './scripted-faults.js';
export { exampleForSchema } from './json-schema-example.js';
