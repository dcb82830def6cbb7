// The CLI's MCP servers (--mcp-config FILE, the `mcpServers` JSON of Claude Code, Cline and
// Cursor): started before the first turn, a line per server on stderr, their tools added to every
// turn, stopped with the CLI. Stdio servers run with only their entry's environment (plus the
// SDK's minimal PATH/HOME/USER/SHELL/TERM/LOGNAME), outside the workspace, in a session of their
// own, and die with the CLI however it dies (mcp-server-launch.ts). They are not inside the
// command sandbox: a server is a program the user chose, like the CLI itself — which is why
// nothing of the workspace may choose it instead.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import {
  connectMcpServers,
  McpConfigError,
  parseMcpConfig,
  type McpElicitationHandler,
  type McpServers,
  type McpServersConfig,
  type McpSetupFields,
} from 'agent-turn/mcp';
import type { ToolFunctions } from 'agent-turn';
import { registerMcpTools } from './mcp-approval-card.js';
import { stateFolder } from '../conversation/checkpoint-place.js';
import { launchableServers, mcpServersFolder } from './mcp-server-launch.js';
import { fileSignIn } from './mcp-sign-in-file.js';

/** The servers of one CLI run. */
export interface CliMcp {
  servers: McpServers;
  /**
   * The setup with the servers' tools; `beforeCall` runs before each MCP call (the session's
   * write-ahead); `elicit` asks the person when a server of this turn asks for input.
   */
  addTo<S extends McpSetupFields>(setup: S, beforeCall?: () => void, elicit?: McpElicitationHandler): S;
  close(): Promise<void>;
}

/** What the CLI needs to know to start the servers. */
export interface CliMcpInput {
  /** --mcp-config, as given (its entries win over the settings' of the same name). */
  file?: string;
  /** The servers the settings files define (app/cli/settings/settings-mcp.ts: the user's, narrowed by the project's). */
  settingsServers?: McpServersConfig;
  cwd: string;
  /** The workspace: no server runs in it or a program of it. */
  root: string;
  /** The CLI's environment (PATH, where the servers' folder is). */
  env: Record<string, string | undefined>;
  /** --yes: MCP tools run unasked too. */
  yes: boolean;
  /** --read-only: only tools that say `readOnlyHint` are offered. */
  readOnly: boolean;
  /** Where the per-server lines go. */
  say: (line: string) => void;
  /** A person is at the terminal: servers may ask for input (the elicitation capability is declared). */
  interactive?: boolean;
}

/** Reads and checks the file; a message for the user when it cannot be used. */
export function readMcpConfigFile(
  file: string,
  cwd: string,
): { ok: true; config: McpServersConfig } | { ok: false; message: string } {
  const full = path.resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch (error) {
    return { ok: false, message: `--mcp-config ${file}: cannot read it (${(error as Error).message})` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `--mcp-config ${file}: not JSON (${(error as Error).message})` };
  }
  try {
    return { ok: true, config: parseMcpConfig(value) };
  } catch (error) {
    if (error instanceof McpConfigError) return { ok: false, message: `--mcp-config ${file}: ${error.message}` };
    throw error;
  }
}

/** A note when the workspace has an MCP file that was not given: it is never started on its own. */
export function projectMcpNote(root: string, given: string | undefined): string | undefined {
  const file = path.join(root, '.mcp.json');
  if (!existsSync(file) || (given !== undefined && path.resolve(given) === file)) return undefined;
  return `the workspace has .mcp.json; its servers are not started unless you pass --mcp-config ${path.relative(process.cwd(), file) || '.mcp.json'} (a checked-out project must not start programs by itself).`;
}

/** Starts the configured servers and says how each went. Undefined with a message when the file is unusable. */
export async function startCliMcp(
  input: CliMcpInput,
): Promise<{ ok: true; mcp: CliMcp } | { ok: false; message: string }> {
  const read = input.file === undefined ? { ok: true as const, config: {} } : readMcpConfigFile(input.file, input.cwd);
  if (!read.ok) return read;
  const config: McpServersConfig = { ...input.settingsServers, ...read.config };
  const launch = launchableServers(config, input.root, input.env);
  // The servers connect once; each turn says who answers their questions (its terminal form).
  let elicitNow: McpElicitationHandler | undefined;
  const servers = await connectMcpServers(launch.config, {
    ...(input.interactive
      ? {
          onElicitation: (request, context) =>
            elicitNow ? elicitNow(request, context) : Promise.resolve({ action: 'cancel' as const }),
        }
      : {}),
    // A remote server that asks for sign-in (OAuth 2.1) shows its URL; the tokens go to the state folder.
    ...(input.interactive
      ? {
          signIn: fileSignIn({
            folder: path.join(stateFolder(input.env), 'mcp-sign-in'),
            show: (name, url) => input.say(`mcp ${name}: sign in to go on — open ${url.toString()}`),
          }),
        }
      : {}),
    cwd: mcpServersFolder(input.env),
    // A Ctrl-C no longer reaches the servers (their own session); one that stops anyway is said, and started again when next used.
    restartStoppedServers: true,
    onServerExit: (name, message) => input.say(`mcp ${name}: ${message}; it is started again when next used`),
    onServerRestart: (name) => input.say(`mcp ${name}: started again`),
    ...(input.readOnly ? { toolFilter: (tool) => tool.hints.readOnlyHint === true } : {}),
  });
  for (const line of [...launch.failures, ...servers.statusLines()]) input.say(`mcp ${line}`);
  registerMcpTools(servers.tools);
  return {
    ok: true,
    mcp: {
      servers,
      addTo(setup, beforeCall, elicit) {
        elicitNow = elicit;
        const added = servers.addTo(setup);
        // The CLI's tools and the MCP ones are all plain functions.
        const addedTools = (added.tools ?? {}) as ToolFunctions;
        const mcpNames = Object.keys(addedTools).filter((name) => !Object.hasOwn(setup.tools ?? {}, name));
        const mcpTools: ToolFunctions = {};
        for (const name of mcpNames) {
          const tool = addedTools[name];
          if (!tool) continue;
          mcpTools[name] = (toolUse, context) => {
            beforeCall?.();
            return tool(toolUse, context);
          };
        }
        return {
          ...added,
          tools: { ...(setup.tools ?? {}), ...mcpTools },
          // --yes approves MCP calls as it does writes; without it each waits unless alwaysAllow says otherwise.
          ...(input.yes ? { approval: setup.approval ?? [] } : {}),
        };
      },
      close: () => servers.close(),
    },
  };
}
