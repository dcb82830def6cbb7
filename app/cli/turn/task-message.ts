/** How execute_command's commands run, as the model is told. */
export type CommandIsolation = 'sandboxed' | 'sandboxed-with-network' | 'unsandboxed';

/**
 * The first user message, as Cline shapes it: the task, then what the model should know about
 * where it runs (the workspace, what its tools may do there, and how commands are isolated).
 */
export function taskMessage(
  task: string,
  where: {
    workspace: string;
    readOnly: boolean;
    needsApproval: readonly string[];
    commands?: CommandIsolation;
    /** Notes for the model about what happened since its last turn (e.g. an undo). */
    notes?: readonly string[];
  },
): string {
  const mode = where.readOnly
    ? 'Read-only: write_to_file, replace_in_file and execute_command are refused. Read, list and search, then answer.'
    : where.needsApproval.includes('write_to_file')
      ? 'Writes and commands run only after the user approves each one.'
      : where.needsApproval.includes('execute_command')
        ? 'Writes run without asking; each command runs only after the user approves it.'
        : 'Writes and commands run without asking.';
  const commands =
    where.readOnly || !where.commands || where.commands === 'unsandboxed'
      ? ''
      : `\n\n# Commands\nCommands run in a sandbox: only the workspace is writable, /tmp is private and emptied after each command, background processes end with the command, and ${where.commands === 'sandboxed' ? 'there is no network' : 'the network is reachable'}.`;
  const notes = where.notes && where.notes.length > 0 ? `\n\n# Since your last reply\n${where.notes.join('\n')}` : '';
  return `<task>\n${task}\n</task>\n\n<environment_details>\n# Workspace (all paths are relative to it)\n${where.workspace}\n\n# Mode\n${mode}${commands}${notes}\n</environment_details>`;
}
