// The CLI as a conversation: a prompt after each turn, the history carried into the next message
// (as the machine gave it back, with the profile's history rule applied), slash commands, a
// session file per conversation in the sessions folder, and checkpoints with /undo.
// The parts: the state they share (conversation-state.ts), a message and its turn
// (conversation-messages.ts), the slash commands (conversation-commands.ts), the checkpoints
// (conversation-checkpoints.ts).
import path from 'node:path';
import { createStyle, printable } from '../display/ansi-style.js';
import { openConversationCheckpoints } from './conversation-checkpoints.js';
import { runConversationCommand } from './conversation-commands.js';
import { sendMessage } from './conversation-messages.js';
import { startsWithTurn } from './conversation-mode.js';
import { type Conversation, type ConversationSetup, noteOf, say } from './conversation-state.js';
import type { ConversationRecord } from './conversation-types.js';
import { readPromptLine } from './line-prompt.js';
import { modePrompt, nextMode } from './permission-mode.js';
import { newSessionFile, sessionsFolder } from './sessions-folder.js';
import { isSlashCommand, parseConversationCommand } from './slash-commands.js';

export type { ConversationSetup } from './conversation-state.js';
export { costLine } from './cost-line.js';

/** The conversation as it stands before its first message: the session file chosen, the checkpoints open. */
async function openConversation(setup: ConversationSetup): Promise<Conversation> {
  const { io, root } = setup;
  const live = io.stdout.isTTY === true && !io.env.NO_COLOR && io.env.TERM !== 'dumb';
  // The session file: the one resumed, the one given (--session), or a new one in the sessions folder.
  const sessionFile = path.resolve(
    io.cwd,
    setup.options.resume ?? setup.options.session ?? newSessionFile(sessionsFolder(io.env)),
  );
  const record: ConversationRecord = setup.resumed?.record ?? { history: [], turns: [], compactions: [] };
  // Checkpoints beside the session file, never inside the workspace.
  const { checkpoints, journalProblem } = await openConversationCheckpoints(
    io,
    sessionFile,
    root,
    setup.resumed !== undefined,
    setup.checkpointLimits,
  );
  return {
    setup,
    io,
    style: createStyle(live),
    sessionFile,
    record,
    checkpoints,
    journalProblem,
    notes: [],
    options: { ...setup.options, session: sessionFile },
    client: setup.client,
    model: setup.model,
    history: record.history,
    historyBeforeLast: setup.snapshot ? record.history : [],
    changedSinceTurn: false,
    lastTurn: setup.snapshot,
    lastOutput: undefined,
    // Shift+Tab cycles the modes; /plan toggles plan mode (permission-mode.ts).
    mode: setup.mode ?? 'default',
    sessionBroken: false,
  };
}

/** A resumed session: what it holds, and whether its undo steps were refused. */
function sayResumed(c: Conversation): void {
  const { style, record } = c;
  const undoable = c.checkpoints.steps().length;
  say(
    c,
    style.dim(
      `Resumed ${c.sessionFile}: ${record.turns.length} earlier message${record.turns.length === 1 ? '' : 's'}${undoable > 0 ? `, ${undoable} step${undoable === 1 ? '' : 's'} /undo can take back` : ''}.`,
    ),
  );
  if (c.journalProblem)
    say(
      c,
      style.yellow(
        `⚠ The undo steps kept for this session are refused (${printable(c.journalProblem)}); /undo covers only what the agent changes from now on.`,
      ),
    );
}

/** Runs the conversation until /exit, Ctrl-D or Ctrl-C on an empty prompt; resolves with the exit code. */
export async function runConversation(setup: ConversationSetup): Promise<number> {
  const c = await openConversation(setup);
  const { io, style, record } = c;
  // Up at the prompt brings back earlier messages, those of a resumed session too (newest first).
  const promptHistory = record.turns.map((t) => t.task).reverse();
  if (setup.resumed) sayResumed(c);
  noteOf(c, await setup.hooks?.sessionStart(setup.resumed ? 'resume' : 'startup'));
  if (setup.snapshot) await sendMessage(c, c.options.task, setup.snapshot);
  const first =
    setup.resumed?.nextTask ?? (startsWithTurn(c.options, io.env) && !setup.resumed ? c.options.task : undefined);
  if (first !== undefined) await sendMessage(c, first);
  if (record.turns.length === 0 && first === undefined)
    say(c, style.dim('Type a message for the agent; /help lists the commands.'));

  for (;;) {
    const answer = await readPromptLine(io.stdin, io.stdout, modePrompt(c.mode, style), {
      history: promptHistory,
      onShiftTab: () => {
        c.mode = nextMode(c.mode);
        return modePrompt(c.mode, style);
      },
    });
    if (answer.kind === 'leave') break;
    const line = answer.text.trim();
    if (line === '') continue;
    if (!isSlashCommand(line)) {
      await sendMessage(c, line);
      continue;
    }
    const parsed = parseConversationCommand(line);
    if (!parsed.ok) say(c, style.yellow(parsed.message));
    else if (parsed.command.name === 'exit') break;
    else await runConversationCommand(c, parsed.command);
  }
  c.checkpoints.close();
  say(c, style.dim(`The conversation is kept in ${c.sessionFile} (agent-turn --continue goes on with it).`));
  return 0;
}
