// The page's conversation, kept in localStorage beside an interrupted turn (saved-turn.ts): the
// history for the next message, the notes the model has not had yet, the log of earlier turns, and
// the in-memory workspace's files. It is data anyone could have edited, so it is read with care:
// anything off — a system message (the page writes its own), a role it does not know, a message
// that is not text — gets a reason, and the page says it and discards the record.
import type { ChatMessage } from 'agent-turn';
import type { ConversationLogEntry, ConversationState } from '../conversation/page-conversation.js';
import type { TurnStorage } from './saved-turn.js';

export const SAVED_CONVERSATION_KEY = 'agent-turn:conversation';
const FORMAT = 'agent-turn/page-conversation';
const VERSION = 1;

/** A conversation as it is saved. */
export interface SavedConversation extends ConversationState {
  /** The in-memory workspace's files, path -> content. */
  files: Record<string, string>;
  /** The files marked as changed when it was saved. */
  changed: string[];
  /** The undo steps (a SavedCheckpoints), checked apart by readSavedCheckpoints: broken ones cost only the undo. */
  checkpoints?: unknown;
}

/** What storage holds: nothing, a conversation to restore, or one that cannot be and why. */
export type SavedConversationRead =
  | { kind: 'none' }
  | { kind: 'saved'; saved: SavedConversation }
  | { kind: 'broken'; reason: string };

/** Saves the conversation; false when storage refused it (full, or disabled): it goes on unsaved. */
export function saveConversation(storage: TurnStorage, saved: SavedConversation): boolean {
  try {
    storage.setItem(SAVED_CONVERSATION_KEY, JSON.stringify({ format: FORMAT, version: VERSION, ...saved }));
    return true;
  } catch {
    return false;
  }
}

export function forgetConversation(storage: TurnStorage): void {
  try {
    storage.removeItem(SAVED_CONVERSATION_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

function messageProblem(m: unknown, at: string): string | undefined {
  if (!isObject(m)) return `${at} is not a message`;
  if (m.role === 'system') return `${at} is a system message (the page writes its own)`;
  if (m.role !== 'user' && m.role !== 'assistant' && m.role !== 'tool')
    return `${at} has the role ${JSON.stringify(m.role)}, not user, assistant or tool`;
  if (m.content !== null && typeof m.content !== 'string') return `${at}'s content is not text`;
  if (m.role === 'tool' && typeof m.tool_call_id !== 'string') return `${at} is a tool result without its call's id`;
  if (m.tool_calls !== undefined) {
    if (m.role !== 'assistant' || !Array.isArray(m.tool_calls)) return `${at} has tool calls it cannot have`;
    for (const call of m.tool_calls) {
      const fn = isObject(call) ? call.function : undefined;
      if (!isObject(call) || typeof call.id !== 'string' || !isObject(fn) || typeof fn.name !== 'string')
        return `${at} has a tool call without an id and a function name`;
      if (typeof fn.arguments !== 'string') return `${at} has a tool call whose arguments are not text`;
    }
  }
  for (const field of ['reasoning_content', 'reasoning', 'name'] as const)
    if (m[field] !== undefined && typeof m[field] !== 'string') return `${at}'s ${field} is not text`;
  if (m.reasoning_details !== undefined && !Array.isArray(m.reasoning_details))
    return `${at}'s reasoning_details is not a list`;
  return undefined;
}

function logProblem(entry: unknown, at: string): string | undefined {
  if (!isObject(entry)) return `${at} is not a log entry`;
  if (entry.kind === 'notice') {
    if (typeof entry.text !== 'string' || (entry.tone !== 'ok' && entry.tone !== 'notice'))
      return `${at} is a notice without its text and tone`;
    if (entry.detail !== undefined && typeof entry.detail !== 'string') return `${at}'s detail is not text`;
    return undefined;
  }
  if (entry.kind !== 'turn') return `${at} is neither a turn nor a notice`;
  if (typeof entry.task !== 'string' || typeof entry.reason !== 'string' || typeof entry.outcome !== 'string')
    return `${at} is a turn without its message, reason and outcome`;
  if (entry.tone !== 'ok' && entry.tone !== 'error') return `${at}'s tone is not "ok" or "error"`;
  if (entry.result !== undefined && typeof entry.result !== 'string') return `${at}'s result is not text`;
  if (!isStringList(entry.tools)) return `${at}'s tools are not a list of names`;
  return undefined;
}

/** Why a parsed record is not a conversation the page can restore, or undefined when it is one. */
export function savedConversationProblem(v: unknown): string | undefined {
  if (!isObject(v) || v.format !== FORMAT || v.version !== VERSION)
    return `it is not a saved conversation of this version (${FORMAT} ${VERSION})`;
  if (!Array.isArray(v.history)) return 'its history is not a list of messages';
  for (let i = 0; i < v.history.length; i++) {
    const problem = messageProblem(v.history[i], `message ${i + 1}`);
    if (problem !== undefined) return problem;
  }
  if (!isStringList(v.notes)) return 'its notes for the model are not a list of lines';
  if (!Array.isArray(v.log)) return 'its list of earlier turns is missing';
  for (let i = 0; i < v.log.length; i++) {
    const problem = logProblem(v.log[i], `entry ${i + 1} of its earlier turns`);
    if (problem !== undefined) return problem;
  }
  if (!isObject(v.files)) return 'its files are missing';
  for (const [name, content] of Object.entries(v.files))
    if (typeof content !== 'string') return `its file ${JSON.stringify(name)} is not text`;
  if (!isStringList(v.changed)) return 'its changed files are not a list';
  for (const name of v.changed)
    if (!Object.hasOwn(v.files, name)) return `its changed file ${JSON.stringify(name)} is not one of its files`;
  return undefined;
}

/** The saved conversation, read and checked (see {@link savedConversationProblem} for what is refused). */
export function readSavedConversation(storage: TurnStorage): SavedConversationRead {
  let text: string | null;
  try {
    text = storage.getItem(SAVED_CONVERSATION_KEY);
  } catch {
    return { kind: 'none' };
  }
  if (text === null) return { kind: 'none' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'broken', reason: 'it is not JSON' };
  }
  const problem = savedConversationProblem(value);
  if (problem !== undefined) return { kind: 'broken', reason: problem };
  const v = value as Record<string, unknown>;
  return {
    kind: 'saved',
    saved: {
      history: v.history as ChatMessage[],
      notes: v.notes as string[],
      log: v.log as ConversationLogEntry[],
      files: v.files as Record<string, string>,
      changed: v.changed as string[],
      ...(v.checkpoints !== undefined ? { checkpoints: v.checkpoints } : {}),
    },
  };
}
