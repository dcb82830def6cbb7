// The conversation's slash commands: the parser is shared with the page (app/ui/slash-commands.ts);
// what `/help` prints in the terminal is the CLI's own.
export { isSlashCommand, parseSlashCommand } from '../../ui/slash-commands.js';
export type { SlashCommand, SlashParse } from '../../ui/slash-commands.js';

/** What `/help` prints. */
export const SLASH_HELP = `Type a message for the agent, or one of:
  /undo [N]     put the workspace back as it was before the agent's last step (or last N steps)
  /compact      replace the older messages by a summary the model writes
  /model NAME   use another model for the next messages (same endpoint)
  /clear        forget the conversation; the next message starts a new one
  /cost         tokens and cost so far
  /last         the last message's tool results, whole, in the pager
  /help         this list
  /exit         leave (also Ctrl-D, or Ctrl-C on an empty prompt)
Ctrl-C while the agent works stops the turn and comes back here.
`;
