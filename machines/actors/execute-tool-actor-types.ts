// The executeTool actor's contract: its input and its output (it sends no events of its own).
import type { ToolUse } from '../../src/parser/blocks.js';
import type { ToolFunctions } from '../machine/tool-function-types.js';

/** The complete tool use to run, and the tools to find it among. */
export interface ExecuteToolInput {
  toolUse: ToolUse;
  tools: ToolFunctions;
}

/** A tool's result, normalized: the text for the model and whether it reports a failure. */
export type ExecuteToolOutput = { content: string; isError: boolean };
