// The person's message as the model gets it in the page: the task in `<task>` tags (as Cline and
// the CLI send it, so a model — and the scripted one — can tell a new message from a tool result),
// and what happened since the model's last reply (an undo) in the environment details.

/** The user message for `task`, with `notes` for the model (none: just the task). */
export function pageTaskMessage(task: string, notes: readonly string[] = []): string {
  const since =
    notes.length > 0
      ? `\n\n<environment_details>\n# Since your last reply\n${notes.join('\n')}\n</environment_details>`
      : '';
  return `<task>\n${task}\n</task>${since}`;
}
