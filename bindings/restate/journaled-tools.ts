// Tools whose every execution is one journaled step, keyed by the tool use's call id: a replay
// gets the recorded result and never runs the tool again. A tool's failure is a result (as the
// machine makes it), so it is recorded, not retried.
import type { Context, RunOptions } from '@restatedev/restate-sdk';
import { normalizeToolResult, toolErrorResult } from '../../machines/execute-tool-actor.js';
import type { ExecuteToolOutput } from '../../machines/execute-tool-actor-types.js';
import type { ToolFunctions } from '../../machines/tool-function-types.js';

/** How {@link journaledTools} runs its steps. */
export interface JournaledToolOptions {
  /** Restate's retry policy of a step that fails outside the tool (a worker's bug). */
  stepRetry?: Omit<RunOptions<ExecuteToolOutput>, 'serde'>;
  /** Called before each step starts (the turn publishes its view there). */
  beforeStep?: () => void;
  /** Called with a step's rejection (a cancelled invocation) before it is thrown on. */
  onStepError?: (error: unknown) => void;
}

/**
 * Wraps each tool for a turn inside a Restate handler: a call is one `ctx.run` step named
 * `tool <call_id> <name>` whose value is the normalized result `{ content, isError }` (a throw
 * becomes an error result, as the machine would make it).
 */
export function journaledTools(ctx: Context, tools: ToolFunctions, options: JournaledToolOptions = {}): ToolFunctions {
  const wrapped: ToolFunctions = {};
  for (const [name, tool] of Object.entries(tools)) {
    wrapped[name] = async (toolUse, toolContext) => {
      options.beforeStep?.();
      const step = ctx.run(
        `tool ${toolUse.call_id} ${name}`,
        async (): Promise<ExecuteToolOutput> => {
          try {
            return normalizeToolResult(await tool(toolUse, toolContext));
          } catch (error) {
            return toolErrorResult(error);
          }
        },
        options.stepRetry ?? {},
      );
      try {
        return await step;
      } catch (error) {
        options.onStepError?.(error);
        throw error;
      }
    };
  }
  return wrapped;
}
