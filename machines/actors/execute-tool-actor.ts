// The `executeTool` actor: runs the user's tool function once and normalizes what it gives back.
// Whatever happens (a string, { content, isError }, a throw, a missing tool) becomes a result
// for the model; the turn goes on.
import { fromPromise } from 'xstate';
import type { ExecuteToolInput, ExecuteToolOutput } from './execute-tool-actor-types.js';
import type { ToolFunctionResult } from '../machine/tool-function-types.js';

export function normalizeToolResult(value: ToolFunctionResult | unknown): ExecuteToolOutput {
  if (typeof value === 'string') return { content: value, isError: false };
  if (value !== null && typeof value === 'object' && typeof (value as { content?: unknown }).content === 'string') {
    const v = value as { content: string; isError?: unknown };
    return { content: v.content, isError: v.isError === true };
  }
  if (value === undefined || value === null) return { content: '', isError: false };
  return { content: JSON.stringify(value) ?? String(value), isError: false };
}

export function toolErrorResult(error: unknown): ExecuteToolOutput {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { content: message, isError: true };
}

/** Runs one complete tool use with the given tools: what the `executeTool` actor does, as a function (for actors that wrap it). */
export async function runToolUse(input: ExecuteToolInput, signal: AbortSignal): Promise<ExecuteToolOutput> {
  const { toolUse, tools } = input;
  const fn = Object.hasOwn(tools, toolUse.name) ? tools[toolUse.name] : undefined;
  if (typeof fn !== 'function') {
    const known = Object.keys(tools);
    return {
      content: `Tool "${toolUse.name}" is not available here.${known.length ? ` Available tools: ${known.join(', ')}.` : ''}`,
      isError: true,
    };
  }
  try {
    return normalizeToolResult(await fn(toolUse, { signal }));
  } catch (error) {
    return toolErrorResult(error);
  }
}

export const executeToolActor = /* @__PURE__ */ fromPromise<ExecuteToolOutput, ExecuteToolInput>(({ input, signal }) =>
  runToolUse(input, signal),
);
