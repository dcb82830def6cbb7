// The scripted agent's MCP calls: a task that says "use the MCP tool `echo` of server `everything`
// with `{"message":"hi"}`" (or "read the MCP resource `demo://x` of server `everything`") gets
// each call made once, in the order the task names them — as Cline's use_mcp_tool /
// access_mcp_resource tags, or as the native `mcp__<server>__<tool>` function when the request
// offers it — and then a completion that quotes what each call answered.
import { mcpToolName } from '../../src/protocol/mcp-tool-name.js';
import type { ScriptedConversation, ScriptedToolOutcome } from './scripted-conversation.js';
import type { ScriptedAgentStep } from '../endpoint/scripted-step.js';

/** One MCP call a task asks for. */
export interface ScriptedMcpCall {
  server: string;
  /** The tool to call, or undefined for a resource read. */
  tool?: string;
  /** The resource's URI (a read). */
  uri?: string;
  /** The arguments, as JSON text (`{}` when the task gives none). */
  arguments: string;
}

const NAME = '[`\'"]?([\\w.:/@-]+?)[`\'"]?';
const TOOL_CALL = new RegExp(
  `\\bMCP tool\\s+${NAME}\\s+(?:of|on|from)\\s+(?:the\\s+)?(?:server\\s+)?${NAME}(?:\\s+(?:server\\s+)?with\\s+\`(\\{[^\`]*\\})\`)?(?=[\\s.,;!?]|$)`,
  'gi',
);
const RESOURCE_READ = new RegExp(
  `\\bMCP resource\\s+\`([^\`\\s]+)\`\\s+(?:of|on|from)\\s+(?:the\\s+)?(?:server\\s+)?${NAME}(?=[\\s.,;!?]|$)`,
  'gi',
);

/** The MCP calls a task names, in order. */
export function mcpCallsIn(task: string): ScriptedMcpCall[] {
  const found: Array<{ at: number; call: ScriptedMcpCall }> = [];
  for (const m of task.matchAll(TOOL_CALL))
    found.push({ at: m.index ?? 0, call: { tool: m[1], server: m[2], arguments: m[3] ?? '{}' } });
  for (const m of task.matchAll(RESOURCE_READ))
    found.push({ at: m.index ?? 0, call: { uri: m[1], server: m[2], arguments: '{}' } });
  return found.sort((a, b) => a.at - b.at).map((f) => f.call);
}

function isMcpOutcome(o: ScriptedToolOutcome): boolean {
  return o.tool === 'use_mcp_tool' || o.tool === 'access_mcp_resource' || o.tool.startsWith('mcp__');
}

/** MCP outcomes with a result (ok or error), in order: one per call made. */
function mcpResults(conv: ScriptedConversation): ScriptedToolOutcome[] {
  return conv.outcomes.filter((o) => isMcpOutcome(o) && (o.kind === 'ok' || o.kind === 'error'));
}

function label(call: ScriptedMcpCall): string {
  return call.tool !== undefined ? `${call.server}/${call.tool}` : `${call.server} ${call.uri}`;
}

/** A native call's params: strings as they are, other values as JSON (the reply types them by the schema). */
function nativeParams(json: string): Array<[string, string]> {
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    return Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
  } catch {
    return [];
  }
}

/**
 * The next MCP step of a task that asks for MCP calls, or undefined when it asks for none or all
 * are made (then {@link mcpSummary} says what they gave). `availableTools` is the request's native
 * tools (undefined in tag mode).
 */
export function planMcpStep(
  conv: ScriptedConversation,
  calls: readonly ScriptedMcpCall[],
  availableTools: ReadonlySet<string> | undefined,
): ScriptedAgentStep | undefined {
  const made = mcpResults(conv).length;
  const call = calls[made];
  if (call === undefined || conv.outcomes.some((o) => o.kind === 'rejected')) return undefined;
  const reasoning = `The task asks for ${calls.length === 1 ? 'an MCP call' : `${calls.length} MCP calls`}; ${made} made so far. Next: ${label(call)}.`;
  if (call.tool === undefined) {
    if (availableTools !== undefined && !availableTools.has('access_mcp_resource')) return undefined;
    return {
      reasoning,
      text: `I'll read the resource ${call.uri} from the MCP server ${call.server}.`,
      tool: {
        name: 'access_mcp_resource',
        params: [
          ['server_name', call.server],
          ['uri', call.uri ?? ''],
        ],
      },
    };
  }
  if (availableTools === undefined) {
    return {
      reasoning,
      text: `I'll use the MCP tool ${call.tool} of the server ${call.server}.`,
      tool: {
        name: 'use_mcp_tool',
        params: [
          ['server_name', call.server],
          ['tool_name', call.tool],
          ['arguments', call.arguments],
        ],
      },
    };
  }
  const native = mcpToolName(call.server, call.tool);
  if (!availableTools.has(native)) return undefined;
  return {
    reasoning,
    text: `I'll use the MCP tool ${call.tool} of the server ${call.server}.`,
    tool: { name: native, params: nativeParams(call.arguments) },
  };
}

function firstLine(text: string): string {
  // A failure comes wrapped ("The tool execution failed with the following error:\n<error>…</error>"): its message is inside.
  const open = text.indexOf('<error>');
  const inner = open < 0 ? text : text.slice(open + '<error>'.length).split('</error>')[0];
  return (inner.split('\n').find((l) => l.trim() !== '') ?? '').trim().slice(0, 120);
}

/** "MCP everything/echo: Echo: hi. MCP memory/read_graph failed: …" for the completion. */
export function mcpSummary(conv: ScriptedConversation, calls: readonly ScriptedMcpCall[]): string {
  const results = mcpResults(conv);
  return calls
    .map((call, i) => {
      const r = results[i];
      if (r === undefined) return `MCP ${label(call)} not called`;
      return r.kind === 'ok'
        ? `MCP ${label(call)}: ${firstLine(r.text)}`
        : `MCP ${label(call)} failed: ${firstLine(r.text)}`;
    })
    .join('. ');
}
