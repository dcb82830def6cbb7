// The page's interrupted turn, kept in localStorage at every step that matters: the turn's
// persisted record, the in-memory workspace's files and the settings it ran with (never an API
// key). After a reload the page offers to resume it.
import { checkTurnRecord } from '../../machines/turn-record.js';
import type { PersistedAgentTurn } from '../../machines/turn-record-types.js';

export const SAVED_TURN_KEY = 'agent-turn:interrupted-turn';
const FORMAT = 'agent-turn/page-turn';
const VERSION = 1;

/** What the page needs to resume a turn after a reload. */
export interface SavedTurn {
  format: typeof FORMAT;
  version: typeof VERSION;
  task: string;
  /** The page settings it ran with: query-string form (e.g. "pace=0&profile=glm-5.1"), plus the checkboxes. */
  settings: { approval: boolean; nativeTools: boolean; source: SavedModelSource };
  /** The in-memory workspace's files, path -> content. */
  files: Record<string, string>;
  turn: PersistedAgentTurn;
}

/** The model the turn used: the scripted one's settings, or an endpoint without its key. */
export type SavedModelSource =
  | { kind: 'scripted'; profile: string; fault: string; paceMs: number }
  | { kind: 'endpoint'; baseURL: string; model: string };

/** The small part of the Web Storage API used here (localStorage, or a fake in tests). */
export interface TurnStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Saves the turn; false when storage refused it (full, or disabled): the turn goes on unsaved. */
export function saveTurn(storage: TurnStorage, saved: Omit<SavedTurn, 'format' | 'version'>): boolean {
  try {
    storage.setItem(SAVED_TURN_KEY, JSON.stringify({ format: FORMAT, version: VERSION, ...saved }));
    return true;
  } catch {
    return false;
  }
}

/** The saved turn, if one was interrupted (a finished or unreadable one is dropped). */
export function loadInterruptedTurn(storage: TurnStorage): SavedTurn | undefined {
  let value: unknown;
  try {
    const text = storage.getItem(SAVED_TURN_KEY);
    if (text === null) return undefined;
    value = JSON.parse(text);
  } catch {
    forgetTurn(storage); // unreadable: never offered again
    return undefined;
  }
  const v = value as Partial<SavedTurn> | null;
  if (
    v === null ||
    typeof v !== 'object' ||
    v.format !== FORMAT ||
    v.version !== VERSION ||
    typeof v.task !== 'string'
  ) {
    forgetTurn(storage);
    return undefined;
  }
  try {
    const turn = checkTurnRecord(v.turn);
    if (turn.status === 'done' || typeof v.files !== 'object' || v.files === null || typeof v.settings !== 'object') {
      forgetTurn(storage);
      return undefined;
    }
  } catch {
    forgetTurn(storage);
    return undefined;
  }
  return v as SavedTurn;
}

export function forgetTurn(storage: TurnStorage): void {
  try {
    storage.removeItem(SAVED_TURN_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
}
