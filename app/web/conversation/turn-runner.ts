// Starts one agent turn in the page: the machine with the page's tools and model, inspected so
// the timeline and diagram see every event and microstep.
import type { InspectionEvent } from 'xstate';
import { agentTurnInput, createAgentTurnActor, type AgentTurnSetup } from 'agent-turn';
import type { AgentTurnInput, ToolFunctions, TurnMode } from 'agent-turn';
import type { ChatClient, ChatMessage } from 'agent-turn';
import { clineThinkProtocol, type Protocol } from 'agent-turn';
import { PAGE_AGENT_INSTRUCTIONS } from './agent-instructions.js';
import type { PersistedAgentTurn } from 'agent-turn';

export interface TurnSettings {
  client: ChatClient;
  model: string;
  task: string;
  /** The turn's messages (a conversation's history and the new message); default: the task alone. */
  messages?: ChatMessage[];
  tools: ToolFunctions;
  approval: readonly string[];
  nativeTools: boolean;
  retryDelaysMs: readonly number[];
  /** The protocol to parse with (the scripted model's dialect on); default clineThinkProtocol. */
  protocol?: Protocol;
  /** MCP servers connected in the settings panel (app/web/mcp-panel.ts): their tools join the turn's. */
  mcp?: { addTo<S extends AgentTurnSetup>(setup: S): S };
  /** `'plan'`: only reading tools run, the model told it is planning (mode-control.ts); default `'default'`. */
  mode?: TurnMode;
}

export type TurnActor = ReturnType<typeof createTurnActor>;

function turnSetup(s: TurnSettings): AgentTurnSetup {
  const setup: AgentTurnSetup = {
    client: s.client,
    model: s.model,
    protocol: s.protocol ?? clineThinkProtocol,
    tools: s.tools,
    approval: s.approval,
    retry: { delaysMs: s.retryDelaysMs },
    maxRequests: 12,
    instructions: PAGE_AGENT_INSTRUCTIONS,
    nativeTools: s.nativeTools,
    messages: s.messages ?? [{ role: 'user', content: s.task }],
    ...(s.mode === 'plan' ? { mode: 'plan' as const } : {}),
  };
  return s.mcp ? s.mcp.addTo(setup) : setup;
}

/** The machine's input for the page's settings (the system message built by agentTurnInput). */
export function turnInput(s: TurnSettings): AgentTurnInput {
  return agentTurnInput(turnSetup(s));
}

/** The page's turn; with `snapshot`, the interrupted turn it goes on with (after a reload). */
export function createTurnActor(
  s: TurnSettings,
  inspect: (event: InspectionEvent) => void,
  snapshot?: PersistedAgentTurn,
) {
  const setup = { ...turnSetup(s), actorOptions: { inspect } };
  return createAgentTurnActor(snapshot !== undefined ? { ...setup, snapshot } : setup);
}
