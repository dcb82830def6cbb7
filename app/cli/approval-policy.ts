import { WRITING_TOOL_NAMES } from '../tools/index.js';
import { revealInvisible } from '../ui/visible-text.js';

/** Told to the model when nobody can approve: no terminal to ask and no --yes. */
export const NO_TERMINAL_REJECTION =
  'Not approved: this CLI runs without a terminal to ask for approval and without --yes, so tools that write files or run commands are refused. Continue with read-only tools, or finish and say what you would have changed.';

/** The tools that wait for a person's y/n: writes and commands, unless --yes or read-only (then they are refused outright). */
export function toolsNeedingApproval(options: { yes: boolean; readOnly: boolean }): string[] {
  return options.yes || options.readOnly ? [] : [...WRITING_TOOL_NAMES];
}

/**
 * The question for a tool use awaiting approval. A command is shown whole, every line of it,
 * its hidden characters (controls, bidi overrides, zero-width) made visible: a person approves
 * what will run, never a first line that hides a second.
 */
export function approvalQuestion(name: string, params: Record<string, string>): string {
  if (name === 'execute_command' && params.command !== undefined) {
    const lines = revealInvisible(params.command).split('\n');
    const label = lines.length === 1 ? 'this command' : `this ${lines.length}-line command`;
    return `${lines.map((l) => `  │ ${l}`).join('\n')}\nRun ${label}?`;
  }
  const what = params.path ?? '';
  const verb = name === 'write_to_file' ? 'Write' : name === 'replace_in_file' ? 'Edit' : `Allow ${name}`;
  return `${verb}${what ? ` ${revealInvisible(what)}` : ''}?`;
}
