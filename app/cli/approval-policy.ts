import { WRITING_TOOL_NAMES } from '../tools/index.js';
import { printable } from './ansi-style.js';

/** Told to the model when nobody can approve: no terminal to ask and no --yes. */
export const NO_TERMINAL_REJECTION =
  'Not approved: this CLI runs without a terminal to ask for approval and without --yes, so tools that write files or run commands are refused. Continue with read-only tools, or finish and say what you would have changed.';

/** The tools that wait for a person's y/n: writes and commands, unless --yes or read-only (then they are refused outright). */
export function toolsNeedingApproval(options: { yes: boolean; readOnly: boolean }): string[] {
  return options.yes || options.readOnly ? [] : [...WRITING_TOOL_NAMES];
}

/** The one-line question for a tool use awaiting approval. */
export function approvalQuestion(name: string, params: Record<string, string>): string {
  const what = params.command ?? params.path ?? '';
  const verb = name === 'execute_command' ? 'Run' : name === 'write_to_file' ? 'Write' : name === 'replace_in_file' ? 'Edit' : `Allow ${name}`;
  return `${verb}${what ? ` ${printable(what.split('\n')[0])}` : ''}?`;
}
