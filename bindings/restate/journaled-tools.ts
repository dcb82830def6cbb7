// Tools whose every execution is journaled, keyed by the tool use's call id. An idempotent tool is
// one step holding its result: a replay gets the recorded result, or runs it again if none was
// recorded. Any other tool first journals its intent (a step of its own, recorded before the tool
// starts); a replay that finds the intent but no result does not run the tool again: the model is
// told its outcome is unknown (as a restored CLI turn does after kill -9). A tool's failure is a
// result (as the machine makes it), so it is recorded, not retried.
import type { Context, RunOptions } from '@restatedev/restate-sdk';
import { normalizeToolResult, toolErrorResult } from '../../machines/actors/execute-tool-actor.js';
import type { ExecuteToolOutput } from '../../machines/actors/execute-tool-actor-types.js';
import type { ToolFunction, ToolFunctions } from '../../machines/machine/tool-function-types.js';
import { DEFAULT_IDEMPOTENT_TOOLS } from '../../machines/machine/turn-context.js';
import { clearToStart, forgetRecorded, runOnce } from './tools-in-flight.js';

/** What the model is told about a tool whose intent was journaled but whose result never was. */
export const DURABLE_OUTCOME_UNKNOWN_TEXT =
  'The worker running this turn stopped (or the turn moved to another worker) while this tool was running, so its outcome is unknown: it may or may not have taken effect. It was not run again; check its effect before using it again.';

/** How {@link journaledTools} runs its steps. */
export interface JournaledToolOptions {
  /** Restate's retry policy of a step that fails outside the tool (a worker's bug). */
  stepRetry?: Omit<RunOptions<ExecuteToolOutput>, 'serde'>;
  /** Tools that may run again when no result was recorded. Default: the machine's (`read_file`, `list_files`, `search_files`). */
  idempotentTools?: readonly string[];
  /** Called before each step starts (the turn publishes its view there). */
  beforeStep?: () => void;
  /** Called with a step's rejection (a cancelled invocation) before it is thrown on. */
  onStepError?: (error: unknown) => void;
}

async function outcomeOf(
  tool: ToolFunction,
  toolUse: Parameters<ToolFunction>[0],
  context: Parameters<ToolFunction>[1],
): Promise<ExecuteToolOutput> {
  try {
    return normalizeToolResult(await tool(toolUse, context));
  } catch (error) {
    return toolErrorResult(error);
  }
}

/**
 * Wraps each tool for a turn inside a Restate handler. An idempotent tool's call is one `ctx.run`
 * step named `tool <call_id> <name>` whose value is the normalized result `{ content, isError }`
 * (a throw becomes an error result, as the machine would make it). Any other tool's call is two:
 * `intent <call_id> <name>` (a token, recorded before the tool starts), then the `tool …` step,
 * which runs the tool only in the process that recorded the intent, once; elsewhere its value is
 * an error result saying the outcome is unknown ({@link DURABLE_OUTCOME_UNKNOWN_TEXT}).
 * So: at most once for every non-idempotent tool, exactly once where its result was recorded.
 */
export function journaledTools(ctx: Context, tools: ToolFunctions, options: JournaledToolOptions = {}): ToolFunctions {
  const idempotent = new Set(options.idempotentTools ?? DEFAULT_IDEMPOTENT_TOOLS);
  const retry = options.stepRetry ?? {};
  const wrapped: ToolFunctions = {};
  for (const [name, tool] of Object.entries(tools)) {
    const label = (kind: string, callId: string) => `${kind} ${callId} ${name}`;
    const once = async (toolUse: Parameters<ToolFunction>[0], context: Parameters<ToolFunction>[1]) => {
      const token = await ctx.run(label('intent', toolUse.call_id), () => {
        const fresh = globalThis.crypto.randomUUID();
        clearToStart(fresh);
        return fresh;
      });
      const outcome = await ctx.run(
        label('tool', toolUse.call_id),
        async (): Promise<ExecuteToolOutput> =>
          (await runOnce(token, () => outcomeOf(tool, toolUse, context))) ?? {
            content: DURABLE_OUTCOME_UNKNOWN_TEXT,
            isError: true,
          },
        retry,
      );
      forgetRecorded(token);
      return outcome;
    };
    wrapped[name] = async (toolUse, context) => {
      options.beforeStep?.();
      try {
        if (!idempotent.has(name)) return await once(toolUse, context);
        return await ctx.run(label('tool', toolUse.call_id), () => outcomeOf(tool, toolUse, context), retry);
      } catch (error) {
        options.onStepError?.(error);
        throw error;
      }
    };
  }
  return wrapped;
}
