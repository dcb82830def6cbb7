// When a UI saves a turn to resume it later (the CLI's session file, the page's storage): at every
// step that matters, never on each streamed chunk.
import type { AgentTurnView } from 'agent-turn';

/**
 * A string that changes only when a step that matters happened: the state (a request sent,
 * streaming, waiting for approval, a tool running, retrying, done), the number of requests, and
 * every tool's status. Streamed text alone does not change it.
 */
export function checkpointKey(view: AgentTurnView): string {
  const tools = view.requests.map((r) => r.blocks.map((b) => (b.type === 'tool_use' ? b.status : '')).join(','));
  return JSON.stringify([view.state, view.phase, view.requests.length, tools, view.done]);
}
