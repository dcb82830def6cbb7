// One step of the scripted agent: its reasoning, its prose, and the tool use it ends with.

export interface ScriptedToolStep {
  name: string;
  /** In order; `content` is written as a raw parameter. */
  params: Array<[string, string]>;
}

export interface ScriptedAgentStep {
  reasoning: string;
  /** Prose before the tool use (or the whole answer when there is no tool). */
  text: string;
  tool?: ScriptedToolStep;
}
