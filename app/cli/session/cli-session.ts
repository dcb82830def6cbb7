// A CLI session file (--session FILE): the CLI's options (never the API key) and the turn's
// persisted record, written atomically after every step that matters, so `--resume FILE` can go
// on in the same workspace with the same options after a crash, a kill -9 or a reboot.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkTurnRecord } from 'agent-turn';
import type { PersistedAgentTurn } from 'agent-turn';
import type { CliOptions } from '../options/cli-options.js';
import type { ConversationRecord } from '../conversation/conversation-types.js';

export const CLI_SESSION_FORMAT = 'agent-turn/cli-session';
export const CLI_SESSION_VERSION = 1;

/** The options a resumed session keeps: everything but the key, the output mode and the session flags. */
export type SessionOptions = Omit<CliOptions, 'apiKey' | 'anthropicApiKey' | 'json' | 'help' | 'session' | 'resume'>;

export interface CliSession {
  format: typeof CLI_SESSION_FORMAT;
  version: typeof CLI_SESSION_VERSION;
  /** The options, with the workspace as an absolute path. */
  cli: SessionOptions;
  turn: PersistedAgentTurn;
  /** A conversation's history and records (app/cli/conversation/); `turn` is its last turn. */
  conversation?: ConversationRecord;
}

/** The options to keep for a session (the API keys are never written). */
export function sessionOptions(options: CliOptions, root: string): SessionOptions {
  const {
    apiKey: _key,
    anthropicApiKey: _anthropicKey,
    json: _json,
    help: _help,
    session: _session,
    resume: _resume,
    ...rest
  } = options;
  return { ...rest, workspace: root };
}

/**
 * Writes the session atomically: a temporary file next to it, then a rename, so a kill at any
 * moment leaves the previous session or the new one, never half of one. Synchronous on purpose:
 * the write-ahead record before a tool runs must be on disk before the tool starts.
 */
export function writeSessionFile(file: string, session: CliSession): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  writeFileSync(temporary, `${JSON.stringify(session)}\n`);
  renameSync(temporary, file);
}

export type SessionRead = { ok: true; session: CliSession } | { ok: false; message: string };

/** Reads and checks a session file; a clear message when it cannot be resumed. */
export function readSessionFile(file: string): SessionRead {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return {
      ok: false,
      message: `--resume ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: `--resume ${file}: not a session file (not JSON).` };
  }
  const v = value as Partial<CliSession> | null;
  if (
    v === null ||
    typeof v !== 'object' ||
    v.format !== CLI_SESSION_FORMAT ||
    v.version !== CLI_SESSION_VERSION ||
    typeof v.cli !== 'object' ||
    v.cli === null
  ) {
    return {
      ok: false,
      message: `--resume ${file}: not a session file of this version (${CLI_SESSION_FORMAT} ${CLI_SESSION_VERSION}).`,
    };
  }
  try {
    checkTurnRecord(v.turn);
  } catch (error) {
    return { ok: false, message: `--resume ${file}: ${(error as Error).message}` };
  }
  return { ok: true, session: v as CliSession };
}
