// The `hooks` of the settings files, in Claude Code's shape:
//   "hooks": { "PreToolUse": [{ "matcher": "execute_command", "hooks": [{ "type": "command", "command": "…", "timeout": 30 }] }] }
// A hook is a program the CLI runs, so only the user's own settings file defines hooks; a project's
// file (checked out with the code) may only turn them all off ("disableAllHooks": true).

/** The events a command hook may be attached to. */
export const HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'UserPromptSubmit',
  'Stop',
  'SessionStart',
  'PreCompact',
] as const;
/** One of {@link HOOK_EVENTS}. */
export type HookEventName = (typeof HOOK_EVENTS)[number];

/** One command hook: a shell command, and its time-out in seconds. */
export interface CommandHook {
  type: 'command';
  command: string;
  /** Seconds; default 60. */
  timeout?: number;
}

/** Hooks for the tools (or sources) a matcher names: `"execute_command"`, `"write_to_file|replace_in_file"`, `"*"` or none for all. */
export interface HookMatcher {
  matcher?: string;
  hooks: CommandHook[];
}

/** The hooks by event. */
export type HooksConfig = Partial<Record<HookEventName, HookMatcher[]>>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why the user's `hooks` cannot be used, as [field, message]; undefined when it can. */
export function hooksSettingsProblem(value: unknown): [string, string] | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return ['hooks', 'expected an object of hook lists by event (e.g. { "PreToolUse": [...] }).'];
  for (const [event, list] of Object.entries(value)) {
    const at = `hooks.${event}`;
    if (!(HOOK_EVENTS as readonly string[]).includes(event))
      return [at, `unknown event; the events are ${HOOK_EVENTS.join(', ')}.`];
    if (!Array.isArray(list)) return [at, 'expected a list of { "matcher", "hooks": [...] } entries.'];
    for (const [i, entry] of list.entries()) {
      if (!isRecord(entry)) return [`${at}[${i}]`, 'expected { "matcher": "…", "hooks": [...] }.'];
      if (entry.matcher !== undefined && typeof entry.matcher !== 'string')
        return [`${at}[${i}].matcher`, 'expected a tool name, names joined by |, or "*".'];
      if (!Array.isArray(entry.hooks))
        return [`${at}[${i}].hooks`, 'expected a list of { "type": "command", "command": "…" }.'];
      for (const [j, hook] of entry.hooks.entries()) {
        const where = `${at}[${i}].hooks[${j}]`;
        if (!isRecord(hook) || hook.type !== 'command')
          return [where, 'expected { "type": "command", "command": "…" } (only command hooks are supported).'];
        if (typeof hook.command !== 'string' || hook.command.trim() === '')
          return [`${where}.command`, 'expected a shell command.'];
        if (
          hook.timeout !== undefined &&
          !(typeof hook.timeout === 'number' && hook.timeout > 0 && hook.timeout <= 3600)
        )
          return [`${where}.timeout`, 'expected a number of seconds (more than 0, at most 3600).'];
      }
    }
  }
  return undefined;
}

/** Whether a matcher covers a name (a tool's, or a source such as SessionStart's "startup"). */
export function matcherCovers(matcher: string | undefined, name: string): boolean {
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  return matcher.split('|').some((m) => m.trim() === name);
}

/**
 * The hooks in force: the user's, unless the project turns them all off. A project's own `hooks`
 * are never used: a note says so.
 *
 * @example
 * const { hooks, notes } = settingsHooks(user.hooks, project.hooks, project.disableAllHooks);
 */
export function settingsHooks(
  user: unknown,
  project: unknown,
  projectDisables: unknown,
): { hooks: HooksConfig; notes: string[] } {
  const notes: string[] = [];
  if (project !== undefined)
    notes.push(
      'the project settings may not add hooks (a hook is a program the CLI runs): its "hooks" are ignored; only your user settings file defines them, and a project may only turn them off with "disableAllHooks": true.',
    );
  if (projectDisables === true) return { hooks: {}, notes };
  return { hooks: isRecord(user) ? (user as HooksConfig) : {}, notes };
}
