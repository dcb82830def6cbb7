// Starts one agent turn in the page: the machine with the page's tools and model, inspected so
// the timeline and diagram see every event and microstep.
import { createActor, type InspectionEvent } from 'xstate';
import { agentTurnMachine } from '../../machines/agent-turn-machine.js';
import type { AgentTurnInput, ToolFunctions } from '../../machines/agent-turn-types.js';
import type { ChatClient } from '../../src/wire/index.js';
import { clineThinkProtocol, nativeToolDefinitions } from '../../src/protocol/index.js';
import { systemPrompt } from './system-prompt.js';

export interface TurnSettings {
  client: ChatClient;
  model: string;
  task: string;
  tools: ToolFunctions;
  approval: readonly string[];
  nativeTools: boolean;
  retryDelaysMs: readonly number[];
}

export type TurnActor = ReturnType<typeof createTurnActor>;

export function turnInput(s: TurnSettings): AgentTurnInput {
  const protocol = clineThinkProtocol;
  const toolNames = Object.keys(s.tools);
  return {
    client: s.client,
    model: s.model,
    protocol,
    tools: s.tools,
    approval: s.approval,
    retry: { delaysMs: s.retryDelaysMs },
    maxRequests: 12,
    messages: [
      { role: 'system', content: systemPrompt(protocol, toolNames, s.nativeTools) },
      { role: 'user', content: s.task },
    ],
    ...(s.nativeTools ? { toolDefinitions: nativeToolDefinitions(protocol, undefined, { toolNames }) } : {}),
  };
}

export function createTurnActor(s: TurnSettings, inspect: (event: InspectionEvent) => void) {
  return createActor(agentTurnMachine, { input: turnInput(s), inspect });
}
