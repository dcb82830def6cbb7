// agent-turn/scripted: a deterministic OpenAI-compatible model as a fetch function, for tests and demos.
export { createScriptedModel, ScriptedModelError } from './scripted-model.js';
export type { ScriptedModel, ScriptedModelOptions, ScriptedWireRequest } from './scripted-model.js';
export type {
  ScriptedReplies,
  ScriptedStep,
  ScriptedReplyStep,
  ScriptedErrorStep,
  ScriptedToolCall,
  ScriptedStepFault,
} from './agent/scripted-replies.js';
export { scriptedFaults } from './endpoint/scripted-faults.js';
export type { ScriptedFault } from './endpoint/scripted-faults.js';
export { isScriptedDialect, scriptedDialects } from './agent/scripted-dialect-reply.js';
export type { ScriptedDialect } from './agent/scripted-dialect-reply.js';
