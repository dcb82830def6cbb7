import { WRITING_TOOL_NAMES } from '../../tools/index.js';

/** Told to the model when nobody can approve: no terminal to ask and no --yes. */
export const NO_TERMINAL_REJECTION =
  'Not approved: this CLI runs without a terminal to ask for approval and without --yes, so tools that write files or run commands are refused. Continue with read-only tools, or finish and say what you would have changed.';

/** Told to the model when a command needs a person (no sandbox) and there is no terminal to ask. */
export const NO_SANDBOX_REJECTION =
  "Not approved: commands cannot be sandboxed on this machine, so each one needs a person's approval, and this CLI has no terminal to ask. Continue without running commands, or finish and say what you would have run.";

/**
 * The tools that wait for a person's y/n: writes and commands, unless read-only (then they are
 * refused outright) or --yes — which covers commands only when they are sandboxed or the user
 * gave --no-sandbox (`commandsNeedPerson` is then false).
 */
export function toolsNeedingApproval(options: {
  yes: boolean;
  readOnly: boolean;
  commandsNeedPerson?: boolean;
}): string[] {
  if (options.readOnly) return [];
  if (options.yes) return options.commandsNeedPerson ? ['execute_command'] : [];
  return [...WRITING_TOOL_NAMES];
}

/** What the model is told when a tool waits for approval and there is no terminal to ask. */
export function noTerminalRejection(toolName: string, options: { yes: boolean }): string {
  return options.yes && toolName === 'execute_command' ? NO_SANDBOX_REJECTION : NO_TERMINAL_REJECTION;
}
