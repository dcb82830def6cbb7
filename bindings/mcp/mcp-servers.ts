// Several MCP servers as the turn's tools, in either protocol shape: tag mode (Cline's
// use_mcp_tool / access_mcp_resource plus the "MCP servers" prompt section) or native mode (one
// `mcp__<server>__<tool>` function per MCP tool, its JSON schema as the parameters). Arguments
// are checked before a call; approvals and idempotency are per server and tool.
import { toolsByName } from '../../machines/machine/turn-tools.js';
import type { AgentTurnSetup } from '../../machines/machine/agent-turn-actor.js';
import type { ToolFunctions } from '../../machines/machine/tool-function-types.js';
import { DEFAULT_COMPLETION_TOOL, DEFAULT_IDEMPOTENT_TOOLS } from '../../machines/machine/turn-context.js';
import { clineThinkProtocol } from '../../src/protocol/cline-protocol.js';
import { nativeToolDefinitions } from '../../src/protocol/native-tools.js';
import { defaultToolDescriptions } from '../../src/protocol/tool-descriptions.js';
import type { ChatToolDefinition } from '../../src/wire/types.js';
import type { McpServersConfig } from './mcp-config.js';
import { connectMcpServer, type McpConnectOptions, type McpServerConnection, type McpTool } from './mcp-connection.js';
import { mcpServersPrompt, mcpToolDescriptions } from './mcp-prompt.js';
import {
  type McpToolShape,
  mcpToolDefinitions,
  mcpToolFunctions,
  RESOURCE_TOOL,
  TAG_TOOL,
} from './mcp-tool-functions.js';

export type { McpToolShape } from './mcp-tool-functions.js';

/** Connected servers, ready to give a turn their tools. */
export interface McpServers {
  /** Every configured server that is not disabled, connected or failed, in configuration order. */
  readonly connections: readonly McpServerConnection[];
  /** Every listed tool of every connected server. */
  readonly tools: readonly McpTool[];
  /** The turn's tool functions for this shape (tag: `use_mcp_tool`, `access_mcp_resource`; native: one per tool, plus `access_mcp_resource` when a server has resources). */
  toolFunctions(shape: McpToolShape): ToolFunctions;
  /** Native mode: the OpenAI `tools` entries of the MCP tools (their JSON schemas as parameters). */
  toolDefinitions(): ChatToolDefinition[];
  /** The "MCP servers" prompt section (tag mode: with the input schemas). */
  prompt(shape: McpToolShape): string;
  /** The names that wait for approval: every tool not in its server's `alwaysAllow`. */
  approvalNames(shape: McpToolShape): string[];
  /** The names that may run again after a crash: tools marked `readOnlyHint` or `idempotentHint`, and resource reads. */
  idempotentNames(shape: McpToolShape): string[];
  /**
   * The setup with the servers added: their tools, descriptions, the prompt section (in
   * `instructions`), native definitions with `nativeTools`, approvals (unless `approval` is
   * already `true`) and idempotent tools.
   */
  addTo<S extends McpSetupFields>(setup: S): S;
  /** One line per server: `memory: connected, 9 tools` / `fs: failed: …`. */
  statusLines(): string[];
  /** Closes every connection (stdio servers are stopped). */
  close(): Promise<void>;
}

/** The fields of a turn's setup that {@link McpServers.addTo} reads and extends (a new turn's or a resumed one's). */
export type McpSetupFields = Partial<
  Pick<
    AgentTurnSetup,
    | 'tools'
    | 'nativeTools'
    | 'descriptions'
    | 'instructions'
    | 'approval'
    | 'idempotentTools'
    | 'toolDefinitions'
    | 'protocol'
    | 'completionTool'
  >
>;

/** Options of {@link connectMcpServers}. */
export interface McpServersOptions extends McpConnectOptions {
  /** Only tools this says yes to are offered (e.g. read-only tools in a read-only turn). */
  toolFilter?: (tool: McpTool) => boolean;
}

function allowed(server: McpServerConnection, tool: McpTool): boolean {
  const allow = server.config.alwaysAllow;
  return allow === true || (allow ?? []).includes(tool.name);
}

/**
 * Connects every server of the configuration at once (disabled ones are skipped) and lists their
 * tools. Never rejects: a server that fails is a connection with `status: 'failed'` (see
 * `statusLines()`), and the others work.
 *
 * @example
 * ```ts
 * import { runAgentTurn } from 'agent-turn';
 * import { connectMcpServers } from 'agent-turn/mcp';
 *
 * const mcp = await connectMcpServers({
 *   memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], alwaysAllow: ['read_graph'] },
 * });
 * try {
 *   const output = await runAgentTurn(mcp.addTo({ client, model: 'glm-5.1', messages, tools: {} }));
 *   console.log(output.result);
 * } finally {
 *   await mcp.close();
 * }
 * ```
 */
export async function connectMcpServers(
  config: McpServersConfig,
  options: McpServersOptions = {},
): Promise<McpServers> {
  const taken = options.takenNames ?? new Set<string>([RESOURCE_TOOL, TAG_TOOL]);
  const entries = Object.entries(config).filter(([, c]) => c.disabled !== true);
  // Started together (a slow server does not hold the others up); names reserved in config order.
  const connections = await Promise.all(
    entries.map(([name, c]) => connectMcpServer(name, c, { ...options, takenNames: taken })),
  );
  return mcpServersOf(connections, options);
}

/** The servers set of connections made elsewhere (e.g. each with its own options). */
export function mcpServersOf(
  connections: readonly McpServerConnection[],
  options: Pick<McpServersOptions, 'toolFilter'> = {},
): McpServers {
  const filter = options.toolFilter ?? (() => true);
  const live = connections.filter((c) => c.status !== 'failed');
  const tools = live.flatMap((c) => c.tools.filter(filter));
  const serverOf = (name: string | undefined) => live.find((c) => c.name === name);

  const toolFunctions = (shape: McpToolShape) => mcpToolFunctions({ live, tools }, shape);
  const toolDefinitions = () => mcpToolDefinitions(tools);

  const qualified = (shape: McpToolShape, tool: McpTool) =>
    shape === 'native' ? tool.nativeName : `${TAG_TOOL}:${tool.server}/${tool.name}`;

  const servers: McpServers = {
    connections,
    tools,
    toolFunctions,
    toolDefinitions,
    prompt: (shape) =>
      mcpServersPrompt(live, {
        withSchemas: shape === 'tag',
        ...(shape === 'native' ? { toolNames: (t) => t.nativeName } : {}),
      }),
    approvalNames: (shape) =>
      tools.filter((t) => !allowed(serverOf(t.server) as McpServerConnection, t)).map((t) => qualified(shape, t)),
    idempotentNames: (shape) => [
      ...tools
        .filter((t) => t.hints.readOnlyHint === true || t.hints.idempotentHint === true)
        .map((t) => qualified(shape, t)),
      RESOURCE_TOOL,
    ],
    addTo: (setup) => addServersTo(servers, setup),
    statusLines: () => connections.map((c) => statusLine(c, filter)),
    close: async () => {
      await Promise.all(connections.map((c) => c.close()));
    },
  };
  return servers;
}

/** The setup with the servers' tools, descriptions, prompt section, approvals and idempotent tools added. */
function addServersTo<S extends McpSetupFields>(servers: McpServers, setup: S): S {
  const shape: McpToolShape = setup.nativeTools ? 'native' : 'tag';
  const mcpTools = servers.toolFunctions(shape);
  const allTools = { ...toolsByName(setup.tools), ...mcpTools };
  const descriptions = { ...(setup.descriptions ?? defaultToolDescriptions), ...mcpToolDescriptions };
  const section = servers.prompt(shape);
  const instructions = [setup.instructions, section].filter((t) => t !== undefined && t !== '').join('\n\n');
  const approval =
    setup.approval === true
      ? true
      : [...(Array.isArray(setup.approval) ? setup.approval : []), ...servers.approvalNames(shape)];
  // Only names of tools the turn has (the resource tool exists only with resources): the turn checks them.
  const idempotentTools = [
    ...(setup.idempotentTools ?? DEFAULT_IDEMPOTENT_TOOLS),
    ...servers.idempotentNames(shape).filter((name) => Object.hasOwn(allTools, name.split(':')[0]!)),
  ];
  const native =
    shape === 'native' && setup.toolDefinitions === undefined
      ? {
          toolDefinitions: [
            ...nativeToolDefinitions(setup.protocol ?? clineThinkProtocol, descriptions, {
              toolNames: Object.keys(allTools),
              completionTool: setup.completionTool ?? DEFAULT_COMPLETION_TOOL,
            }),
            ...servers.toolDefinitions(),
          ],
        }
      : shape === 'native'
        ? { toolDefinitions: [...(setup.toolDefinitions ?? []), ...servers.toolDefinitions()] }
        : {};
  return {
    ...setup,
    tools: allTools,
    descriptions,
    ...(instructions !== '' ? { instructions } : {}),
    approval,
    idempotentTools,
    ...native,
  };
}

/** One server's status line: `memory: connected, 9 tools (12 ms)` / `fs: failed: …`. */
function statusLine(c: McpServerConnection, filter: (tool: McpTool) => boolean): string {
  if (c.status === 'failed') return `${c.name}: failed: ${c.error?.message ?? 'unknown reason'}`;
  const n = c.tools.filter(filter).length;
  const extra = [
    c.resources.length > 0 ? `${c.resources.length} resource${c.resources.length === 1 ? '' : 's'}` : '',
    c.resourceTemplates.length > 0
      ? `${c.resourceTemplates.length} template${c.resourceTemplates.length === 1 ? '' : 's'}`
      : '',
    ...c.problems,
  ].filter((t) => t !== '');
  return `${c.name}: connected, ${n} tool${n === 1 ? '' : 's'}${extra.length ? `, ${extra.join(', ')}` : ''} (${c.startMs} ms)`;
}
