// The slash commands the page's message box offers: the CLI's parser (app/ui/slash-commands.ts),
// with the page's own list. /model, /cost, /last and /exit are the terminal's: the page says where their
// job is done here instead.
import { isSlashCommand, parseSlashCommand, type SlashCommand } from '../ui/slash-commands.js';

/** What `/help` shows in the conversation. */
export const PAGE_SLASH_HELP = `Type a message for the agent, or one of:
/undo [N]  put the files back as they were before the agent's last step (or last N steps)
/compact   replace the older messages by a summary the model writes
/clear     forget the conversation; the next message starts a new one (the files stay)
/plan      plan mode on or off: only reading tools run, and the plan is put to you (the Mode button cycles the modes)
/help      this list
Enter sends, Shift+Enter starts a new line; Stop ends the running turn.`;

/** A command the page runs. */
export type PageCommand = Extract<SlashCommand, { name: 'help' | 'undo' | 'compact' | 'clear' | 'plan' }>;

/** What the person typed in the message box: a message for the agent, a command, or why the command is refused. */
export type MessageBoxInput =
  | { kind: 'message'; text: string }
  | { kind: 'command'; command: PageCommand }
  | { kind: 'refused'; message: string };

/** Reads a line of the message box (trimmed; an empty line is not sent). */
export function readMessageBox(raw: string): MessageBoxInput | undefined {
  const text = raw.trim();
  if (text === '') return undefined;
  if (!isSlashCommand(text)) return { kind: 'message', text };
  // The CLI's own /summary opens its pager; here the compaction's line opens.
  if (/^\/summary(\s|$)/i.test(text))
    return {
      kind: 'refused',
      message: '/summary is the CLI’s: in the page, open a compaction’s line to read its summary.',
    };
  const parsed = parseSlashCommand(text);
  if (!parsed.ok)
    return { kind: 'refused', message: parsed.message.replace(/, \/model NAME|, \/cost|, \/last|, \/exit/g, '') };
  const command = parsed.command;
  switch (command.name) {
    case 'model':
      return {
        kind: 'refused',
        message: '/model is the CLI’s: in the page, pick the Profile (or the Model field) above.',
      };
    case 'cost':
      return { kind: 'refused', message: '/cost is the CLI’s: the page shows each turn’s tokens in the status line.' };
    case 'last':
      return { kind: 'refused', message: '/last is the CLI’s: in the page, each tool card holds its result.' };
    case 'exit':
      return { kind: 'refused', message: '/exit is the CLI’s: close the tab to leave (the conversation is kept).' };
    default:
      return { kind: 'command', command };
  }
}
