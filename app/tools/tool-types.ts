import type { ToolUse } from '../../src/parser/blocks.js';

/** Why a tool refused or failed: a value the model (and tests) can read without parsing prose. */
export type ToolErrorCode =
  | 'missing-param'
  | 'invalid-param'
  | 'outside-workspace'
  | 'not-found'
  | 'not-a-file'
  | 'not-a-directory'
  | 'binary-file'
  | 'bad-regex'
  | 'bad-diff'
  | 'search-not-found'
  | 'read-only'
  | 'timeout'
  | 'aborted'
  | 'io-error';

/** What the machine accepts from a tool; errors carry a `code` beside the text the model reads. */
export type NodeToolResult = string | { content: string; isError?: boolean; code?: ToolErrorCode };

/** The signature the agent-turn machine calls for each complete tool use. */
export type NodeTool = (toolUse: ToolUse, context: { signal: AbortSignal }) => Promise<NodeToolResult>;

/** An error result whose text names the code and says what was wrong, so the model can correct itself. */
export function toolError(code: ToolErrorCode, message: string): { content: string; isError: true; code: ToolErrorCode } {
  return { content: `Error (${code}): ${message}`, isError: true, code };
}

/** A parameter the tool cannot work without; an absent or blank value is an error result. */
export function requireParam(toolUse: ToolUse, name: string): { ok: true; value: string } | { ok: false; error: ReturnType<typeof toolError> } {
  const value = toolUse.params[name];
  if (value === undefined || value.trim() === '') {
    return { ok: false, error: toolError('missing-param', `${toolUse.name} needs the parameter <${name}>.`) };
  }
  return { ok: true, value };
}

/** Cline's boolean parameters arrive as text. */
export function isTrueParam(value: string | undefined): boolean {
  return value !== undefined && value.trim().toLowerCase() === 'true';
}
