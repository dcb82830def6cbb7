// `agent-turn --acp`: the CLI as an Agent Client Protocol agent over stdio (JSON-RPC, one message
// a line). An editor starts it, opens sessions (`session/new` in its project folder, or
// `session/load` of an earlier one) and sends prompts; each prompt is a turn of the session's
// conversation, streamed back as `session/update`s. What the editor offers (its files, its
// terminal) is used; what it asks for beyond the user's own settings (MCP servers) is refused.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import {
  agent,
  ndJsonStream,
  PROTOCOL_VERSION,
  RequestError,
  type AgentApp,
  type AgentContext,
  type ClientCapabilities,
  type McpServer,
} from '@agentclientprotocol/sdk';
import type { ChatClient } from 'agent-turn';
import { openWorkspace } from '../../tools/node/index.js';
import { createStyle } from '../display/ansi-style.js';
import type { CliOptions } from '../options/cli-options.js';
import { readSessionFile } from '../session/cli-session.js';
import type { CommandSetup } from '../turn/command-sandbox.js';
import { resumedConversationOf } from '../conversation/pick-session.js';
import { newSessionFile, sessionsFolder } from '../conversation/sessions-folder.js';
import type { PermissionRules } from '../permissions/permission-rules.js';
import { createTurnPermissions } from '../permissions/turn-permissions.js';
import { createAcpSession, sessionFileOf, type AcpSession } from './acp-session.js';
import type { AcpCommands } from './acp-turn.js';
import { withClientFiles } from './client-files.js';
import { createClientTerminalRunner } from './client-terminal-runner.js';
import { promptText } from './prompt-text.js';

export interface AcpAgentSetup {
  env: Record<string, string | undefined>;
  /** The CLI's options (model, approvals, sandbox, network …: the user's, never the editor's). */
  options: CliOptions;
  chat: ChatClient;
  model: string;
  /** The permission rules for a workspace (the user's settings, narrowed by the project's); an error message when they cannot be read. */
  rulesFor(root: string): { ok: true; rules: PermissionRules } | { ok: false; message: string };
  /** The sandbox (or not) for commands in a workspace, as the CLI sets it up; undefined: read-only. */
  openCommands(root: string): Promise<CommandSetup | undefined>;
  /** The project instructions of a workspace (AGENTS.md …), if any. */
  instructionsFor(root: string): Promise<string | undefined>;
  /** A line for the log (stderr, which editors keep). */
  log(line: string): void;
}

/** Told to the editor when it passes MCP servers: a repository's settings never start programs. */
const MCP_REFUSED =
  "agent-turn --acp does not start MCP servers an editor passes: they would run programs chosen outside your own agent-turn settings (a project can bring its editor configuration along). The session runs with agent-turn's own tools.";

/** What opening a session needs to know: where, with what the client offers, and what came with it. */
interface SessionOpening {
  client: AgentContext;
  capabilities: ClientCapabilities;
  id: string;
  file: string;
  cwd: string;
  mcpServers: readonly McpServer[];
  record?: Parameters<typeof createAcpSession>[0]['record'];
}

/** Opens a session in `cwd`: its workspace, its commands, its permission rules, its instructions. */
async function openSession(setup: AcpAgentSetup, opening: SessionOpening): Promise<AcpSession> {
  const { client, capabilities, id, file, cwd, mcpServers, record } = opening;
  if (!path.isAbsolute(cwd) || !(await stat(cwd).catch(() => undefined))?.isDirectory())
    throw RequestError.invalidParams(
      { cwd },
      `cwd must be the absolute path of an existing folder, got ${JSON.stringify(cwd)}`,
    );
  const root = path.resolve(cwd);
  const rules = setup.rulesFor(root);
  if (!rules.ok) throw RequestError.invalidParams({ cwd }, `invalid settings: ${rules.message}`);
  const disk = await openWorkspace(root);
  const workspace = withClientFiles({ workspace: disk, client, sessionId: id, capabilities: capabilities.fs });
  const sandbox = await setup.openCommands(root);
  const terminal = capabilities.terminal === true && !setup.options.readOnly;
  const commands: AcpCommands | undefined = terminal
    ? {
        runner: (onTerminal) => createClientTerminalRunner({ client, sessionId: id, cwd: root, onTerminal }),
        isolation: 'unsandboxed',
        commandsNeedPerson: true,
      }
    : sandbox && {
        runner: () => sandbox.runner,
        isolation: !sandbox.sandboxed
          ? 'unsandboxed'
          : setup.options.allowNetwork
            ? 'sandboxed-with-network'
            : 'sandboxed',
        commandsNeedPerson: sandbox.commandsNeedPerson,
      };
  const sessionRules: string[] = [];
  const permissions = createTurnPermissions({
    rules: rules.rules,
    sessionRules,
    style: createStyle(false),
    root,
    unsandboxedCommands: commands !== undefined && commands.isolation === 'unsandboxed',
  });
  const instructions = setup.options.noProjectInstructions ? undefined : await setup.instructionsFor(root);
  const session = createAcpSession({
    id,
    file,
    workspace,
    options: { ...setup.options, workspace: root },
    chat: setup.chat,
    model: setup.model,
    ...(instructions ? { instructions } : {}),
    ...(commands ? { commands } : {}),
    permissions,
    sessionRules,
    ...(record ? { record } : {}),
    log: setup.log,
  });
  if (mcpServers.length > 0) {
    setup.log(`session ${id}: ${mcpServers.length} MCP server(s) from the editor not started. ${MCP_REFUSED}`);
    // After the response: the session exists for the client by then.
    setTimeout(() => {
      void client.notify('session/update', {
        sessionId: id,
        update: {
          sessionUpdate: 'notice',
          severity: 'warning',
          title: 'MCP servers not started',
          description: MCP_REFUSED,
        },
      });
    }, 0);
  }
  return session;
}

/** The agent-side ACP app: its handlers for initialize, session/new, session/load, session/prompt and session/cancel. */
function createAcpAgent(setup: AcpAgentSetup): AgentApp {
  let capabilities: ClientCapabilities = {};
  const sessions = new Map<string, AcpSession>();
  const folder = sessionsFolder(setup.env);
  const open = async (opening: Omit<SessionOpening, 'capabilities'>) => {
    const session = await openSession(setup, { ...opening, capabilities });
    sessions.set(session.id, session);
    return session;
  };

  const sessionOf = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw RequestError.sessionNotFound(id);
    return session;
  };

  return agent({ name: 'agent-turn' })
    .onRequest('initialize', ({ params }) => {
      capabilities = params.clientCapabilities ?? {};
      return {
        protocolVersion: PROTOCOL_VERSION,
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { image: false, audio: false, embeddedContext: true },
          mcpCapabilities: { http: false, sse: false },
        },
        agentInfo: { name: 'agent-turn', title: 'agent-turn', version: AGENT_VERSION },
        authMethods: [],
      };
    })
    .onRequest('session/new', async ({ params, client }) => {
      const file = newSessionFile(folder);
      const id = path.basename(file, '.json');
      await open({ client, id, file, cwd: params.cwd, mcpServers: params.mcpServers });
      return { sessionId: id };
    })
    .onRequest('session/load', async ({ params, client }) => {
      const file = sessionFileOf(folder, params.sessionId);
      if (!file) throw RequestError.invalidParams({ sessionId: params.sessionId }, 'not a session id of agent-turn');
      const read = readSessionFile(file);
      if (!read.ok) throw RequestError.sessionNotFound(params.sessionId);
      const { record } = resumedConversationOf(read.session);
      const session = await open({
        client,
        id: params.sessionId,
        file,
        cwd: params.cwd,
        mcpServers: params.mcpServers,
        record,
      });
      for (const update of session.replay()) await client.notify('session/update', { sessionId: session.id, update });
      return {};
    })
    .onRequest('session/prompt', async ({ params, client }) => {
      const session = sessionOf(params.sessionId);
      const text = promptText(params.prompt);
      if (!text.ok) throw RequestError.invalidParams({ prompt: params.prompt.length }, text.message);
      try {
        return { stopReason: await session.prompt(client, text.task) };
      } catch (error) {
        if ((error as { code?: unknown }).code === 'busy')
          throw RequestError.invalidRequest(undefined, (error as Error).message);
        throw error;
      }
    })
    .onNotification('session/cancel', ({ params }) => {
      sessions.get(params.sessionId)?.cancel();
    });
}

/** The version agent-turn reports to editors. */
const AGENT_VERSION = '0.1.0';

/** Serves the agent on a process's stdin/stdout until the editor closes the connection. */
export async function serveAcp(
  setup: AcpAgentSetup,
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): Promise<void> {
  const stream = ndJsonStream(
    Writable.toWeb(output as Writable) as WritableStream<Uint8Array>,
    Readable.toWeb(input as Readable) as ReadableStream<Uint8Array>,
  );
  const connection = createAcpAgent(setup).connect(stream);
  await connection.closed;
}
