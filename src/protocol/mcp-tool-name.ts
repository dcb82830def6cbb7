// The native tool name of an MCP server's tool: `mcp__<server>__<tool>`, the convention of Claude
// Code and the AI SDK, made safe for every provider (only [A-Za-z0-9_-], at most 64 characters).

/** The most characters providers accept in a function name (OpenAI, Anthropic, Gemini: 64). */
export const MAX_NATIVE_TOOL_NAME_LENGTH = 64;

/** Characters outside `[A-Za-z0-9_-]` become `_`. */
function sanitize(part: string): string {
  return part.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** FNV-1a over the text, 8 hex digits: a name cut to fit keeps what set it apart. */
function hash8(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * `mcp__<server>__<tool>` with characters outside `[A-Za-z0-9_-]` replaced by `_`; a name longer
 * than 64 characters is cut and ends with a hash of the full name, so two long names stay apart.
 * Deterministic: the same server and tool always give the same name.
 *
 * @example
 * ```ts
 * import { mcpToolName } from 'agent-turn/mcp';
 *
 * mcpToolName('memory', 'create_entities'); // 'mcp__memory__create_entities'
 * mcpToolName('my server', 'get.sum');      // 'mcp__my_server__get_sum'
 * ```
 */
export function mcpToolName(server: string, tool: string): string {
  const name = `mcp__${sanitize(server)}__${sanitize(tool)}`;
  if (name.length <= MAX_NATIVE_TOOL_NAME_LENGTH) return name;
  const suffix = `_${hash8(`${server}\u0000${tool}`)}`;
  return name.slice(0, MAX_NATIVE_TOOL_NAME_LENGTH - suffix.length) + suffix;
}
