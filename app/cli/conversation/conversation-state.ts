// One conversation's state as its parts share it: what it was set up with, the history and the
// record the session file keeps, the mode, and the notes waiting for the next message.
import type { AgentTurnOutput, ChatClient, ChatMessage, PersistedAgentTurn } from 'agent-turn';
import type { CheckpointLimits, WorkspaceCheckpoints } from '../../tools/checkpoints/index.js';
import type { Style } from '../display/ansi-style.js';
import type { SessionHooks } from '../hooks/session-hooks.js';
import type { CliOptions } from '../options/cli-options.js';
import { CLI_SESSION_FORMAT, CLI_SESSION_VERSION, sessionOptions, writeSessionFile } from '../session/cli-session.js';
import type { ConversationIo, ConversationRecord, TurnEnd, TurnPermissions, TurnPlan } from './conversation-types.js';
import type { ConversationMode } from './permission-mode.js';
import type { ResumedConversation } from './pick-session.js';

/** One turn of the conversation as the CLI runs it: the options (task included), the model, the plan. */
export interface ConversationTurnRequest {
  options: CliOptions;
  client: ChatClient;
  model: string;
  plan: TurnPlan;
  /** The unfinished turn of a resumed session, run on from where it stopped. */
  snapshot: PersistedAgentTurn | undefined;
}

/** What a conversation is set up with. */
export interface ConversationSetup {
  io: ConversationIo;
  options: CliOptions;
  /** The workspace root (absolute). */
  root: string;
  client: ChatClient;
  model: string;
  /** An unfinished turn of a resumed session: it runs first. */
  snapshot?: PersistedAgentTurn;
  resumed?: ResumedConversation;
  /** Project instructions for the system prompt (AGENTS.md …). */
  instructions?: string;
  checkpointLimits?: CheckpointLimits;
  /** The permission rules (shared by every turn: "always for this session" holds for all). */
  permissions?: TurnPermissions;
  /** The mode the conversation starts in (default: 'default'). */
  mode?: ConversationMode;
  /** The settings' SessionStart, UserPromptSubmit and PreCompact hooks (app/cli/hooks/session-hooks.ts). */
  hooks?: SessionHooks;
  /** Runs one turn (the CLI's runTurn). */
  runTurn(turn: ConversationTurnRequest): Promise<TurnEnd>;
}

/** The conversation as it goes on; the mutable fields change with each message and command. */
export interface Conversation {
  readonly setup: ConversationSetup;
  readonly io: ConversationIo;
  readonly style: Style;
  /** The session file (absolute). */
  readonly sessionFile: string;
  readonly record: ConversationRecord;
  readonly checkpoints: WorkspaceCheckpoints;
  /** Why a resumed session's undo steps were refused, when they were. */
  readonly journalProblem: string | undefined;
  /** Notes for the model with the next message (what /undo restored, a hook's context). */
  readonly notes: string[];
  options: CliOptions;
  client: ChatClient;
  model: string;
  history: ChatMessage[];
  /** The history before the last turn (what the session file keeps as `history`). */
  historyBeforeLast: ChatMessage[];
  /** The history was changed since the last turn (/compact, /clear). */
  changedSinceTurn: boolean;
  lastTurn: PersistedAgentTurn | undefined;
  lastOutput: AgentTurnOutput | undefined;
  mode: ConversationMode;
  /** Writing the session file failed once (said once; not tried again). */
  sessionBroken: boolean;
}

/** Writes a line to stdout. */
export const say = (c: Conversation, line: string): void => void c.io.stdout.write(`${line}\n`);

/** Context a hook gave joins the notes of the next message. */
export const noteOf = (c: Conversation, context: string | undefined): void => {
  if (context !== undefined) c.notes.push(context);
};

/** The conversation part of the session file as it stands. */
export const recordNow = (c: Conversation): ConversationRecord => ({
  history: c.historyBeforeLast,
  ...(c.changedSinceTurn ? { after: c.history } : {}),
  turns: c.record.turns,
  compactions: c.record.compactions,
});

/** Writes the session file (after the first turn); a failure is said once and the conversation goes on. */
export function saveConversation(c: Conversation): void {
  if (!c.lastTurn || c.sessionBroken) return;
  try {
    writeSessionFile(c.sessionFile, {
      format: CLI_SESSION_FORMAT,
      version: CLI_SESSION_VERSION,
      cli: sessionOptions(c.options, c.setup.root),
      turn: c.lastTurn,
      conversation: recordNow(c),
    });
  } catch (error) {
    c.sessionBroken = true;
    c.io.stderr.write(
      `agent-turn: cannot write the session ${c.sessionFile} (${(error as Error).message}); the conversation goes on without it.\n`,
    );
  }
}
