// The settings' command hooks as the CLI runs them: every hook of an event whose matcher covers
// the tool (or source) runs in turn with the event as JSON on stdin; their answers merged
// (hook-outcome.ts). The tool events become the machine's hooks (beforeTool, afterTool, beforeStop).
import type { TurnHooks } from 'agent-turn';
import { toolPolicyNames } from 'agent-turn';
import { mergeOutcomes, outcomeOfRun, type HookOutcome } from './hook-outcome.js';
import { matcherCovers, type HookEventName, type HooksConfig } from './hook-settings.js';
import { runCommandHook } from './run-command-hook.js';

/** What every event's JSON carries, and where the hooks run. */
export interface HookContext {
  sessionId: string;
  /** The workspace root: the hooks' working folder (`cwd` in their JSON). */
  root: string;
  env: Record<string, string | undefined>;
  /** Lines for the person (hook errors, time-outs). */
  notify?: (line: string) => void;
}

/** Runs the hooks of `event` that match one of `names` (none: every hook of the event) with `fields` in their JSON. */
export async function runEventHooks(
  config: HooksConfig,
  event: HookEventName,
  names: readonly string[] | undefined,
  fields: Record<string, unknown>,
  context: HookContext,
): Promise<HookOutcome> {
  const input = { session_id: context.sessionId, cwd: context.root, hook_event_name: event, ...fields };
  const outcomes: HookOutcome[] = [];
  for (const entry of config[event] ?? []) {
    if (names !== undefined && !names.some((n) => matcherCovers(entry.matcher, n))) continue;
    for (const hook of entry.hooks) {
      const run = await runCommandHook(hook.command, input, {
        root: context.root,
        env: context.env,
        ...(hook.timeout !== undefined ? { timeoutS: hook.timeout } : {}),
      });
      outcomes.push(outcomeOfRun(event, run, JSON.stringify(hook.command.slice(0, 60))));
    }
  }
  const merged = mergeOutcomes(outcomes);
  for (const note of merged.notes) context.notify?.(note);
  return merged;
}

/** Whether any hook is set for an event. */
export function hasHooks(config: HooksConfig, event: HookEventName): boolean {
  return (config[event] ?? []).some((e) => e.hooks.length > 0);
}

/**
 * The machine's hooks that run the settings' PreToolUse, PostToolUse and Stop hooks.
 *
 * @example
 * const hooks = turnHooksOf(settings.hooks, { sessionId, root, env, notify: (l) => io.stderr.write(`${l}\n`) });
 */
export function turnHooksOf(config: HooksConfig, context: HookContext): TurnHooks {
  const hooks: TurnHooks = {};
  if (hasHooks(config, 'PreToolUse'))
    hooks.beforeTool = async (use) => {
      const o = await runEventHooks(
        config,
        'PreToolUse',
        toolPolicyNames(use),
        { tool_name: use.name, tool_input: use.params },
        context,
      );
      const decision = o.decision === 'block' ? 'deny' : o.decision;
      return {
        ...(decision !== undefined ? { decision } : {}),
        ...(o.reason !== undefined ? { reason: o.reason } : {}),
        ...(o.updatedInput !== undefined ? { updatedInput: o.updatedInput } : {}),
        ...(o.additionalContext !== undefined ? { additionalContext: o.additionalContext } : {}),
      };
    };
  if (hasHooks(config, 'PostToolUse'))
    hooks.afterTool = async (use, result) => {
      const o = await runEventHooks(
        config,
        'PostToolUse',
        toolPolicyNames(use),
        {
          tool_name: use.name,
          tool_input: use.params,
          tool_response: { content: result.content, isError: result.isError },
        },
        context,
      );
      return {
        ...(o.decision === 'block' || o.decision === 'deny' ? { decision: 'block' as const } : {}),
        ...(o.reason !== undefined ? { reason: o.reason } : {}),
        ...(o.additionalContext !== undefined ? { additionalContext: o.additionalContext } : {}),
      };
    };
  if (hasHooks(config, 'Stop'))
    hooks.beforeStop = async ({ stopHookActive }) => {
      const o = await runEventHooks(config, 'Stop', undefined, { stop_hook_active: stopHookActive }, context);
      return o.decision === 'block' || o.decision === 'deny'
        ? { decision: 'block', ...(o.reason !== undefined ? { reason: o.reason } : {}) }
        : {};
    };
  return hooks;
}
