// The conversation's slash commands: the parser is shared with the page (app/ui/slash-commands.ts);
// what `/help` prints in the terminal is the CLI's own.
import { parseSlashCommand, type SlashCommand } from '../../ui/slash-commands.js';

export { isSlashCommand, parseSlashCommand } from '../../ui/slash-commands.js';
export type { SlashCommand } from '../../ui/slash-commands.js';

/** The terminal's commands: the shared ones and `/summary [N]` (the pager is the terminal's). */
export type ConversationCommand = SlashCommand | { name: 'summary'; index?: number };

/** Parses a line the person typed at the prompt: `/summary [N]` here, the rest by the shared parser. */
export function parseConversationCommand(
  line: string,
): { ok: true; command: ConversationCommand } | { ok: false; message: string } {
  const [head, ...rest] = line.trim().split(/\s+/);
  if (head.toLowerCase() === '/summary') {
    const args = rest.join(' ');
    if (args === '') return { ok: true, command: { name: 'summary' } };
    const index = Number(args);
    if (!Number.isInteger(index) || index < 1)
      return { ok: false, message: `/summary takes the number of a summary, 1 for the first (got "${args}").` };
    return { ok: true, command: { name: 'summary', index } };
  }
  const parsed = parseSlashCommand(line);
  if (parsed.ok) return parsed;
  return { ok: false, message: parsed.message.replace(', /last,', ', /last, /summary [N],') };
}

/** What `/help` prints. */
export const SLASH_HELP = `Type a message for the agent, or one of:
  /undo [N]     put the workspace back as it was before the agent's last step (or last N steps)
  /compact      replace the older messages by a summary the model writes
  /model NAME   use another model for the next messages (same endpoint)
  /clear        forget the conversation; the next message starts a new one
  /cost         tokens and cost so far
  /last         the last message's tool results, whole, in the pager
  /summary [N]  the latest summary (or the Nth) and the messages it replaced, in the pager
  /plan         plan mode on or off: only reading tools run until you approve the plan
  /help         this list
  /exit         leave (also Ctrl-D, or Ctrl-C on an empty prompt)
Shift+Tab cycles the modes: default → auto-accept edits → plan. Up and Down bring back earlier messages.
Ctrl-C while the agent works stops the turn and comes back here.
`;
