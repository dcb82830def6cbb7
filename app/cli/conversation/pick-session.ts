import type { ConversationIo } from './conversation-types.js';
// `--resume` with no file (list the sessions), `--continue` (the latest of this workspace), and
// what a resumed session gives the conversation: its history and records — never its policy
// (session-authority.ts decides that, as for any resume).
import path from 'node:path';
import type { CliOptions } from '../options/cli-options.js';
import type { CliSession } from '../session/cli-session.js';
import type { ChatMessage } from 'agent-turn';
import type { ConversationRecord } from './conversation-types.js';
import { pickSessionAtTerminal } from './session-picker.js';
import { latestSessionFor, listSessions, sessionListText, sessionsFolder } from './sessions-folder.js';

export type SessionPick = { ok: true; options: CliOptions; nextTask?: string } | { ok: false; code: number };

/**
 * Handles --resume (no file: at a terminal a picker, else the list printed) and --continue; other
 * options pass through.
 */
export async function pickSession(
  options: CliOptions,
  io: Pick<ConversationIo, 'env' | 'cwd' | 'stdin' | 'stdout' | 'stderr'>,
): Promise<SessionPick> {
  const folder = sessionsFolder(io.env);
  if (options.listSessions) {
    const sessions = listSessions(folder);
    if (sessions.length === 0 || !io.stdin.isTTY || !io.stdout.isTTY) {
      io.stdout.write(sessionListText(sessions, folder));
      return { ok: false, code: 0 };
    }
    const chosen = await pickSessionAtTerminal(sessions, folder, io);
    if (!chosen) return { ok: false, code: 0 };
    const { listSessions: _l, ...rest } = options;
    return { ok: true, options: { ...rest, resume: chosen.file } };
  }
  if (!options.continueLatest) return { ok: true, options };
  const workspace = path.resolve(io.cwd, options.workspace);
  const latest = latestSessionFor(folder, workspace);
  if (!latest) {
    io.stderr.write(`agent-turn: --continue: no session for ${workspace} in ${folder} yet.\n`);
    return { ok: false, code: 2 };
  }
  io.stderr.write(`agent-turn: --continue: ${latest.file}\n`);
  const { continueLatest: _c, taskGiven, task, ...rest } = options;
  return {
    ok: true,
    options: { ...rest, task, resume: latest.file },
    ...(taskGiven ? { nextTask: task } : {}),
  };
}

/** What a resumed conversation starts from. */
export interface ResumedConversation {
  /** `history`: what the next message builds on (for an unfinished turn: the history before it). */
  record: ConversationRecord;
  /** The message to send first (`--continue "task"`). */
  nextTask?: string;
}

function isMessageList(value: unknown): value is ChatMessage[] {
  return (
    Array.isArray(value) &&
    value.every(
      (m) =>
        m !== null &&
        typeof m === 'object' &&
        ['system', 'user', 'assistant', 'tool'].includes((m as { role?: unknown }).role as string) &&
        ((m as { content?: unknown }).content === null || typeof (m as { content?: unknown }).content === 'string'),
    )
  );
}

/**
 * The conversation of a session file: its own record when it has one (and it is well formed),
 * else one turn — the file's. `history` is what the next message builds on once the file's turn
 * is over (its output, or what /compact or /clear made of it since).
 */
export function resumedConversationOf(session: CliSession, nextTask?: string): ResumedConversation {
  const kept = (session as CliSession & { conversation?: Partial<ConversationRecord> }).conversation;
  const done = session.turn.status === 'done' ? session.turn.output : undefined;
  const valid = kept !== undefined && isMessageList(kept.history) && Array.isArray(kept.turns);
  const turns = valid
    ? (kept.turns as ConversationRecord['turns'])
    : done
      ? [
          {
            task: session.cli.task,
            reason: done.reason,
            ...(done.result !== undefined ? { result: done.result } : {}),
            usage: {
              promptTokens: done.usage.promptTokens,
              completionTokens: done.usage.completionTokens,
              totalTokens: done.usage.totalTokens,
            },
            model: session.cli.model,
          },
        ]
      : [];
  const after = valid && isMessageList(kept.after) ? kept.after : undefined;
  const record: ConversationRecord = {
    history: valid ? (kept.history as ChatMessage[]) : [],
    turns,
    compactions: valid && Array.isArray(kept.compactions) ? kept.compactions : [],
  };
  const next = done ? (after ?? done.messages) : record.history;
  return { record: { ...record, history: next }, ...(nextTask !== undefined ? { nextTask } : {}) };
}
