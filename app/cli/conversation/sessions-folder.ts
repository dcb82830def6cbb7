// Where conversations are kept: one session file per conversation in a folder outside the
// workspace ($AGENT_TURN_SESSIONS_DIR, else $XDG_STATE_HOME/agent-turn/sessions, else
// ~/.local/state/agent-turn/sessions), listed for `--resume` and picked for `--continue`.
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { CLI_SESSION_FORMAT } from '../session/cli-session.js';

/** The sessions folder for this environment (not created). */
export function sessionsFolder(env: Record<string, string | undefined>): string {
  if (env.AGENT_TURN_SESSIONS_DIR) return path.resolve(env.AGENT_TURN_SESSIONS_DIR);
  const state = env.XDG_STATE_HOME || path.join(env.HOME || homedir(), '.local', 'state');
  return path.join(state, 'agent-turn', 'sessions');
}

/** A new session file's path in the folder (the folder is created, private to the user). */
export function newSessionFile(folder: string, now = new Date()): string {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  const suffix = Math.random().toString(36).slice(2, 8);
  return path.join(folder, `${stamp}-${suffix}.json`);
}

/** One kept session, as `--resume` lists it. */
export interface SessionListing {
  file: string;
  workspace: string;
  /** The first task, one line. */
  firstTask: string;
  turns: number;
  modifiedMs: number;
}

/** Sessions files are read at most this size when listing (a listing never reads a huge file whole). */
const MAX_LISTED_BYTES = 64 * 1024 * 1024;

/** The sessions in the folder, newest first (files that are not sessions are left out). */
export function listSessions(folder: string, limit = 20): SessionListing[] {
  let names: string[];
  try {
    names = readdirSync(folder).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  const files = names
    .map((name) => {
      const file = path.join(folder, name);
      try {
        const info = statSync(file);
        return info.isFile() && info.size <= MAX_LISTED_BYTES ? { file, modifiedMs: info.mtimeMs } : undefined;
      } catch {
        return undefined;
      }
    })
    .filter((f): f is { file: string; modifiedMs: number } => f !== undefined)
    .sort((a, b) => b.modifiedMs - a.modifiedMs);
  const out: SessionListing[] = [];
  for (const { file, modifiedMs } of files) {
    if (out.length >= limit) break;
    const listing = readListing(file, modifiedMs);
    if (listing) out.push(listing);
  }
  return out;
}

function readListing(file: string, modifiedMs: number): SessionListing | undefined {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as {
      format?: unknown;
      cli?: { workspace?: unknown; task?: unknown };
      conversation?: { turns?: Array<{ task?: unknown }> };
    };
    if (value?.format !== CLI_SESSION_FORMAT || typeof value.cli?.workspace !== 'string') return undefined;
    const turns = Array.isArray(value.conversation?.turns) ? value.conversation.turns : [];
    const first = typeof turns[0]?.task === 'string' ? turns[0].task : value.cli.task;
    return {
      file,
      workspace: value.cli.workspace,
      firstTask: typeof first === 'string' ? (first.split('\n')[0] ?? '').slice(0, 80) : '',
      turns: Math.max(1, turns.length),
      modifiedMs,
    };
  } catch {
    return undefined;
  }
}

/** The newest session of this workspace, or undefined. */
export function latestSessionFor(folder: string, workspace: string): SessionListing | undefined {
  return listSessions(folder, Number.POSITIVE_INFINITY).find((s) => s.workspace === workspace);
}

/** The listing `--resume` prints: one line per session, newest first. */
export function sessionListText(sessions: readonly SessionListing[], folder: string): string {
  if (sessions.length === 0) return `No sessions in ${folder} yet.\n`;
  const lines = sessions.map((s) => {
    const when = new Date(s.modifiedMs).toISOString().replace('T', ' ').slice(0, 16);
    return `  ${when}  ${s.turns} message${s.turns === 1 ? '' : 's'}  ${s.workspace}  "${s.firstTask}"\n    --resume ${s.file}`;
  });
  return `Recent sessions (${folder}), newest first:\n${lines.join('\n')}\n\nGo on with one: agent-turn --resume FILE (or --continue for this folder's latest).\n`;
}
