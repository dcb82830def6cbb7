// The common case in two calls: build the input (system prompt or native tools included) and run it.
import { createActor, toPromise, type ActorOptions } from 'xstate';
import { clineThinkProtocol } from '../src/protocol/cline-protocol.js';
import { nativeToolDefinitions } from '../src/protocol/native-tools.js';
import type { ToolDescriptions } from '../src/protocol/tool-descriptions.js';
import { toolUsePrompt } from '../src/protocol/tool-use-prompt.js';
import { agentTurnMachine, type AgentTurnMachine } from './agent-turn-machine.js';
import type { AgentTurnInput, AgentTurnOutput } from './agent-turn-types.js';
import { DEFAULT_COMPLETION_TOOL } from './turn-context.js';

export interface AgentTurnSetup extends AgentTurnInput {
  /** Send the tools as OpenAI `tools` (native calls) instead of describing the tag protocol in the system message. */
  nativeTools?: boolean;
  /** Tool descriptions for the prompt / the native tool schemas. Default: the Cline tools' table. */
  descriptions?: ToolDescriptions;
  /** Inspection and other actor options. */
  actorOptions?: Omit<ActorOptions<AgentTurnMachine>, 'input'>;
}

/** The machine's input for a setup: adds the tool-use system prompt unless the messages start with a system message. */
export function agentTurnInput(setup: AgentTurnSetup): AgentTurnInput {
  const { nativeTools, descriptions, actorOptions: _ignored, ...input } = setup;
  const protocol = input.protocol ?? clineThinkProtocol;
  const selection = { toolNames: Object.keys(input.tools ?? {}), completionTool: input.completionTool ?? DEFAULT_COMPLETION_TOOL };
  if (nativeTools) {
    return { ...input, protocol, toolDefinitions: input.toolDefinitions ?? nativeToolDefinitions(protocol, descriptions, selection) };
  }
  if (input.messages[0]?.role === 'system') return { ...input, protocol };
  const prompt = toolUsePrompt(protocol, descriptions, { ...selection, toolsPerMessage: input.toolsPerMessage });
  return { ...input, protocol, messages: [{ role: 'system', content: prompt }, ...input.messages] };
}

/** The unstarted actor of one agent turn. */
export function createAgentTurnActor(setup: AgentTurnSetup) {
  return createActor(agentTurnMachine, { ...setup.actorOptions, input: agentTurnInput(setup) });
}

/** Runs one agent turn to its end. Never rejects for model or tool failures: they are in the output. */
export function runAgentTurn(setup: AgentTurnSetup): Promise<AgentTurnOutput> {
  const actor = createAgentTurnActor(setup);
  const done = toPromise(actor);
  actor.start();
  return done;
}
