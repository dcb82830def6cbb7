// Paths in a workspace whose content runs later, outside any sandbox: git's own folder (hooks,
// `core.fsmonitor`, `core.hooksPath` in its config), and files that editors, shells and package
// managers run on their own. The file tools refuse `.git/` unless told otherwise; a person is shown
// the others before they are written, and "always" never covers them. Isomorphic: the page uses it.

/** Why a path runs code later: shown in the approval card. */
export interface RunsLaterReason {
  /** The rule that matched, as listed in docs/security.md (`.git/`, `.envrc`, …). */
  rule: string;
  /** What runs it, in a few words. */
  why: string;
}

/** The files whose writes are called out, in the order docs/security.md lists them. */
export const RUNS_LATER_RULES: readonly { rule: string; why: string; matches: (segments: string[]) => boolean }[] = [
  {
    rule: '.git/',
    why: 'git runs hooks and the commands its config names (core.fsmonitor, core.hooksPath) on your next git command',
    matches: (s) => s.some((part) => part === '.git'),
  },
  {
    rule: '.vscode/tasks.json',
    why: 'VS Code runs its tasks, some when the folder opens',
    matches: (s) => s.length >= 2 && s[s.length - 2] === '.vscode' && s[s.length - 1] === 'tasks.json',
  },
  {
    rule: '.vscode/settings.json',
    why: 'VS Code settings name programs that extensions run (terminal profiles, formatters, linters)',
    matches: (s) => s.length >= 2 && s[s.length - 2] === '.vscode' && s[s.length - 1] === 'settings.json',
  },
  {
    rule: '.envrc',
    why: 'direnv runs it as a shell script when you enter the folder',
    matches: (s) => s[s.length - 1] === '.envrc',
  },
  {
    rule: '.npmrc',
    why: 'npm reads it on your next npm command (it can name a shell, a script shell, a registry)',
    matches: (s) => s[s.length - 1] === '.npmrc',
  },
  {
    rule: 'package.json',
    why: 'npm runs its "scripts" on install, test and run (lifecycle scripts run unasked)',
    matches: (s) => s[s.length - 1] === 'package.json',
  },
  {
    rule: '.github/workflows/',
    why: 'CI runs the workflows on the next push, with the repository secrets',
    matches: (s) => s.length >= 3 && s[0] === '.github' && s[1] === 'workflows',
  },
];

/** The forward-slash segments of a workspace-relative path, lower-cased (case-insensitive file systems). */
function segments(relative: string): string[] {
  return relative
    .replaceAll('\\', '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .map((part) => part.toLowerCase());
}

/**
 * Why a write to `relative` (a workspace-relative path) would run code later, or undefined.
 *
 * @example
 * ```ts
 * runsCodeLater('.git/hooks/pre-commit')?.rule; // '.git/'
 * runsCodeLater('src/index.ts'); // undefined
 * ```
 */
export function runsCodeLater(relative: string): RunsLaterReason | undefined {
  const parts = segments(relative);
  for (const { rule, why, matches } of RUNS_LATER_RULES) if (matches(parts)) return { rule, why };
  return undefined;
}

/** Whether `relative` lies in a `.git` folder (or is one): git metadata the file tools do not write. */
export function isGitMetadata(relative: string): boolean {
  return segments(relative).includes('.git');
}
