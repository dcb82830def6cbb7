// What each slash command does in the terminal's conversation (/exit is the caller's: it ends the loop).
import { undoSentence } from '../../tools/checkpoints/index.js';
import { printable } from '../display/ansi-style.js';
import { showLastResults } from '../display/last-results.js';
import { createModelClient } from '../turn/model-client.js';
import { showSummary } from './compaction-view.js';
import { type Conversation, noteOf, saveConversation, say } from './conversation-state.js';
import { compactConversation } from './conversation-messages.js';
import { costLine } from './cost-line.js';
import { modeLine } from './permission-mode.js';
import type { ConversationCommand } from './slash-commands.js';
import { SLASH_HELP } from './slash-commands.js';

/** /undo: the last steps put back, said to the person and (when something was undone) to the model. */
async function undo(c: Conversation, steps: number): Promise<void> {
  const { style, journalProblem } = c;
  const report = await c.checkpoints.undo(steps);
  const sentence =
    report.steps === 0 && journalProblem
      ? `Nothing to undo: the steps before this resume were refused (${printable(journalProblem)}); nothing was restored.`
      : undoSentence(report);
  say(c, report.steps === 0 ? style.dim(sentence) : style.green(`↶ ${sentence}`));
  if (report.steps > 0)
    c.notes.push(
      `The user undid your last ${report.steps === 1 ? 'step' : `${report.steps} steps`} with /undo. ${sentence}`,
    );
}

/** /model NAME: the next messages go to that model (the options say so, for the session file too). */
function switchModel(c: Conversation, name: string): void {
  const next = createModelClient({ ...c.options, model: name });
  if (!next.ok) {
    say(c, c.style.yellow(next.error.message));
    return;
  }
  c.options = { ...c.options, model: name };
  c.client = next.client;
  c.model = next.model;
  say(c, c.style.dim(`The next messages go to ${name}.`));
}

/** /clear: the next message starts a new conversation (the files and the undo steps stay). */
async function clear(c: Conversation): Promise<void> {
  c.history = [];
  c.changedSinceTurn = true;
  c.notes.length = 0;
  saveConversation(c);
  noteOf(c, await c.setup.hooks?.sessionStart('clear'));
  say(
    c,
    c.style.dim(
      'The conversation is cleared: the next message starts a new one (the files stay as they are; /undo still works).',
    ),
  );
}

/** Runs a slash command other than /exit. */
export async function runConversationCommand(
  c: Conversation,
  command: Exclude<ConversationCommand, { name: 'exit' }>,
): Promise<void> {
  const { io, style } = c;
  switch (command.name) {
    case 'help':
      io.stdout.write(SLASH_HELP);
      return;
    case 'undo':
      return undo(c, command.steps);
    case 'compact':
      return compactConversation(c, 'on-demand');
    case 'model':
      return switchModel(c, command.model);
    case 'clear':
      return clear(c);
    case 'cost':
      say(c, costLine(c.record, c.options));
      return;
    case 'last':
      return showLastResults(c.lastOutput, io, style);
    case 'summary':
      return showSummary(c.record.compactions, command.index, io, style);
    case 'plan':
      c.mode = c.mode === 'plan' ? 'default' : 'plan';
      say(c, style.dim(modeLine(c.mode)));
      return;
  }
}
