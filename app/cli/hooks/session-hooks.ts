// The settings' hooks that are not about one tool: SessionStart (the conversation starts, is
// resumed, cleared or compacted), UserPromptSubmit (before each message goes to the model) and
// PreCompact (before /compact or an automatic compaction). Claude Code's contract: SessionStart and
// PreCompact cannot refuse (exit 2's stderr is shown to the person); UserPromptSubmit may refuse
// the message (it is not sent; the reason is shown to the person); the context any of them gives
// goes to the model with the next message.
import { hasHooks, runEventHooks, type HookContext } from './command-hooks.js';
import type { HooksConfig } from './hook-settings.js';

/** Why SessionStart runs (its matcher matches this name). */
export type SessionStartSource = 'startup' | 'resume' | 'clear' | 'compact';

/** What the prompt's hooks decided about one message. */
export type PromptVerdict = { send: true; context?: string } | { send: false; reason: string };

/** The session-level hooks as the CLI calls them; each resolves at once when no hook is set. */
export interface SessionHooks {
  /** SessionStart: context for the model's next message, if a hook gave any. */
  sessionStart(source: SessionStartSource): Promise<string | undefined>;
  /** UserPromptSubmit for `prompt`. */
  promptSubmit(prompt: string): Promise<PromptVerdict>;
  /** PreCompact before a compaction (`manual`: /compact; `auto`: near the window). */
  preCompact(trigger: 'manual' | 'auto'): Promise<void>;
}

/**
 * The session hooks of the settings' `hooks`.
 *
 * @example
 * const session = sessionHooksOf(settings.hooks, { sessionId, root, env, notify });
 * const verdict = await session.promptSubmit('Write notes.md');
 */
export function sessionHooksOf(config: HooksConfig, context: HookContext): SessionHooks {
  const tell = (event: string, reason: string | undefined) =>
    reason !== undefined && context.notify?.(`${event} hook: ${reason}`);
  return {
    async sessionStart(source) {
      if (!hasHooks(config, 'SessionStart')) return undefined;
      const o = await runEventHooks(config, 'SessionStart', [source], { source }, context);
      // It cannot refuse: a "block" is only told to the person.
      if (o.decision === 'block' || o.decision === 'deny') tell('SessionStart', o.reason);
      return o.additionalContext;
    },
    async promptSubmit(prompt) {
      if (!hasHooks(config, 'UserPromptSubmit')) return { send: true };
      const o = await runEventHooks(config, 'UserPromptSubmit', undefined, { prompt }, context);
      if (o.decision === 'block' || o.decision === 'deny')
        return { send: false, reason: o.reason ?? 'no reason given' };
      return o.additionalContext !== undefined ? { send: true, context: o.additionalContext } : { send: true };
    },
    async preCompact(trigger) {
      if (!hasHooks(config, 'PreCompact')) return;
      const o = await runEventHooks(config, 'PreCompact', [trigger], { trigger, custom_instructions: '' }, context);
      if (o.decision === 'block' || o.decision === 'deny') tell('PreCompact', o.reason);
    },
  };
}
