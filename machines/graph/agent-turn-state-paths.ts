// The agent-turn machine's states as dotted paths, for UIs that highlight the active state
// (compare with selectView(snapshot).state).
import { agentTurnMachine } from '../machine/agent-turn-machine.js';
import { machineStatePaths } from './machine-to-mermaid.js';

export const agentTurnStatePaths: readonly string[] = /* @__PURE__ */ Object.freeze(
  /* @__PURE__ */ machineStatePaths(agentTurnMachine),
);
