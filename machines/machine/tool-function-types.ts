// The tools a turn may call: plain async functions from a tool use to its result text.
import type { ToolUse } from '../../src/parser/blocks.js';

/** What a tool function may return: plain text, or text flagged as an error. */
export type ToolFunctionResult = string | { content: string; isError?: boolean };

/** A tool the agent may call. Its signal fires when the turn is aborted. */
export type ToolFunction = (
  toolUse: ToolUse,
  context: { signal: AbortSignal },
) => Promise<ToolFunctionResult> | ToolFunctionResult;

/** The turn's tools by name. */
export type ToolFunctions = Record<string, ToolFunction>;
