// The example's world: a small project held in memory, Cline's tools over it (app/tools with the
// in-memory adapter), and the scripted model as the chat client's fetch — all inside the page.
import { createChatClient, type ChatClient } from '../../machines/index.js';
import { createScriptedModel } from '../../scripted/index.js';
import { createMemoryTools, createMemoryWorkspace, type MemoryWorkspace } from '../../app/tools/memory/index.js';
import type { ToolFunctions } from '../../machines/index.js';

const START_FILES: Record<string, string> = {
  'README.md':
    '# Pocket Ledger\n\nA small command-line ledger for shared household expenses.\n\n    npm start -- add 12.50 "groceries" --by sam\n    npm start -- balance\n',
  'notes.md': '# Notes\n\n- to do: read the README\n',
  'src/app.ts':
    'export function balance(amounts: number[]): number {\n  return amounts.reduce((a, b) => a + b, 0);\n}\n',
};

/** A workspace, the tools that work on it, and its writes as an external store (for useSyncExternalStore). */
export interface DemoWorkspace {
  workspace: MemoryWorkspace;
  tools: ToolFunctions;
  subscribe: (listener: () => void) => () => void;
  /** How many writes so far. */
  writes: () => number;
}

/** A fresh workspace and the tools that work on it. */
export function createDemoWorkspace(): DemoWorkspace {
  const workspace = createMemoryWorkspace(START_FILES);
  let writes = 0;
  workspace.onChange(() => writes++); // first, so listeners see the new count
  return {
    workspace,
    tools: createMemoryTools(workspace),
    subscribe: (listener) => workspace.onChange(listener),
    writes: () => writes,
  };
}

/** How fast the scripted model streams. */
export type Pace = 'realistic' | 'fast' | 'instant';

const PACE_MS: Record<Pace, number | undefined> = { realistic: undefined, fast: 1, instant: 0 };

/** A chat client whose endpoint is the scripted model, in the page. */
export function scriptedClient(pace: Pace): ChatClient {
  return createChatClient({ baseURL: 'http://scripted.local/v1', fetch: createScriptedModel({ pace: PACE_MS[pace] }) });
}

/** Who the agent is: the opening of its system message. */
export const INSTRUCTIONS =
  'You are a careful coding agent. Read before you write, keep changes small, and finish with attempt_completion.';
