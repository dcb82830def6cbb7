import type { ToolUse } from 'agent-turn';

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
  | 'too-large'
  | 'protected-path'
  /** A permission rule of the user denies it. */
  | 'denied'
  | 'io-error';

/** An error result: the text the model reads, flagged, with its code beside it. */
export interface ToolErrorResult {
  content: string;
  isError: true;
  code: ToolErrorCode;
}

/** What the machine accepts from a tool; errors carry a `code` beside the text the model reads. */
export type ToolResult = string | { content: string; isError?: boolean; code?: ToolErrorCode };

/** The signature the agent-turn machine calls for each complete tool use. */
export type WorkspaceTool = (toolUse: ToolUse, context: { signal: AbortSignal }) => Promise<ToolResult>;
