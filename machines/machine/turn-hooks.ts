// Hooks: the caller's say at fixed points of a turn (Claude Code's PreToolUse, PostToolUse and
// Stop, as callbacks). Before a tool runs it may be refused with a reason the model is told, run
// without asking, or asked about; its input may be rewritten and context added to its result;
// after it ran, context may be added (or the result replaced by a reason); before the turn ends
// on the completion tool, the turn may be kept going with a reason the model is told.
import type { ToolUse } from '../../src/parser/blocks.js';
import { describeError } from '../../src/errors/describe-error.js';

/** What `beforeTool` decided about one complete tool use. Every field is optional: `{}` (or nothing) changes nothing. */
export interface ToolCheck {
  /**
   * `'deny'`: never runs; `reason` is its result for the model. `'allow'`: runs without asking
   * (over the `approval` list). `'ask'`: waits for APPROVE / REJECT even if not in the list.
   */
  decision?: 'allow' | 'deny' | 'ask';
  /** Why: told to the model when the tool is denied. */
  reason?: string;
  /** The parameters the tool runs with instead of the model's (the history keeps what the model wrote). */
  updatedInput?: Record<string, string>;
  /** Text added to the tool's result for the model. */
  additionalContext?: string;
}

/** What `afterTool` made of a tool's result. */
export interface ToolReview {
  /** `'block'`: the result the model gets is `reason` (the tool already ran: its effect stays). */
  decision?: 'block';
  reason?: string;
  /** Text added to the tool's result for the model. */
  additionalContext?: string;
}

/** What `beforeStop` decided as the turn is about to end on the completion tool. */
export interface StopCheck {
  /** `'block'`: the turn goes on; `reason` is told to the model as the answer to its completion. */
  decision?: 'block';
  reason?: string;
}

/** What `beforeStop` is told: the completion's result, and whether a stop hook already kept this turn going. */
export interface StopHookInput {
  result: string;
  /** A `beforeStop` decision already kept this turn going once (Claude Code's `stop_hook_active`): guard against loops. */
  stopHookActive: boolean;
}

/** A tool's result as `afterTool` sees it. */
export interface ToolHookResult {
  content: string;
  isError: boolean;
}

/**
 * Callbacks at the turn's fixed points. Each may be async and gets the turn's abort signal; a hook
 * that throws refuses the tool (beforeTool), or leaves the result and the end as they were
 * (afterTool, beforeStop), with the error told to the model.
 *
 * @example
 * ```ts
 * const hooks: TurnHooks = {
 *   beforeTool: (use) =>
 *     use.name === 'execute_command' && /\brm\b/.test(use.params.command ?? '')
 *       ? { decision: 'deny', reason: 'rm is not allowed here: move files to trash/ instead.' }
 *       : undefined,
 * };
 * await runAgentTurn({ client, model, messages, tools, hooks });
 * ```
 */
export interface TurnHooks {
  /** Before a complete tool use is asked about or run (the completion tool excepted). */
  beforeTool?: (
    toolUse: ToolUse,
    context: { signal: AbortSignal },
  ) => Promise<ToolCheck | undefined | void> | ToolCheck | undefined | void;
  /** After a tool ran, before its result is recorded. */
  afterTool?: (
    toolUse: ToolUse,
    result: ToolHookResult,
    context: { signal: AbortSignal },
  ) => Promise<ToolReview | undefined | void> | ToolReview | undefined | void;
  /** Before the turn ends on the completion tool. */
  beforeStop?: (
    input: StopHookInput,
    context: { signal: AbortSignal },
  ) => Promise<StopCheck | undefined | void> | StopCheck | undefined | void;
}

/** The result text with a hook's added context after it. */
export function withAddedContext(content: string, context: string | undefined): string {
  if (context === undefined || context.trim() === '') return content;
  return content === '' ? context : `${content}\n\n${context}`;
}

/** The model's text for a tool a hook refused. */
export function deniedToolText(reason: string | undefined): string {
  const why = reason !== undefined && reason.trim() !== '' ? reason.trim() : 'no reason was given';
  return `The tool was not run: a hook refused it. Reason: ${why}`;
}

/** The model's text when a hook failed (threw). */
export function hookFailedText(hook: string, error: unknown): string {
  const message = describeError(error);
  return `The ${hook} hook failed: ${message}`;
}

/** The note the model gets when a stop hook keeps the turn going. */
export function stopBlockedNote(reason: string | undefined): string {
  const why = reason !== undefined && reason.trim() !== '' ? reason.trim() : 'no reason was given';
  return `The task is not finished yet: a stop hook kept the turn going. Reason: ${why}`;
}
