/**
 * The first user message, as Cline shapes it: the task, then what the model should know about
 * where it runs (the workspace and what its tools may do there).
 */
export function taskMessage(task: string, where: { workspace: string; readOnly: boolean; askBeforeWriting: boolean }): string {
  const mode = where.readOnly
    ? 'Read-only: write_to_file, replace_in_file and execute_command are refused. Read, list and search, then answer.'
    : where.askBeforeWriting
      ? 'Writes and commands run only after the user approves each one.'
      : 'Writes and commands run without asking.';
  return `<task>\n${task}\n</task>\n\n<environment_details>\n# Workspace (all paths are relative to it)\n${where.workspace}\n\n# Mode\n${mode}\n</environment_details>`;
}
