// The page's interrupted turn, kept in localStorage at every step that matters: the turn's
// persisted record, the in-memory workspace's files and the settings it ran with (never an API
// key). After a reload the page offers to resume it.
import { isScriptedDialect } from 'agent-turn/scripted';
import { checkTurnRecord } from 'agent-turn';
import type { PersistedAgentTurn } from 'agent-turn';

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
  /** The files marked as changed by the turn when it was saved (absent in older saves: none). */
  changed?: string[];
  turn: PersistedAgentTurn;
}

/** The model the turn used: the scripted one's settings, or an endpoint without its key. */
export type SavedModelSource =
  | { kind: 'scripted'; profile: string; fault: string; paceMs: number; dialect?: string }
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

/** What storage holds: nothing to resume, a turn to offer, or a record that cannot be resumed and why. */
export type SavedTurnRead = { kind: 'none' } | { kind: 'saved'; saved: SavedTurn } | { kind: 'broken'; reason: string };

function settingsProblem(v: Record<string, unknown>): string | undefined {
  const settings = v.settings as Record<string, unknown> | null | undefined;
  if (settings === null || typeof settings !== 'object') return 'its settings are missing';
  if (typeof settings.approval !== 'boolean' || typeof settings.nativeTools !== 'boolean')
    return 'its approval and native-tools settings must be true or false';
  const source = settings.source as Record<string, unknown> | null | undefined;
  if (source === null || typeof source !== 'object') return 'its model source is missing';
  if (source.kind === 'endpoint') {
    if (typeof source.baseURL !== 'string' || typeof source.model !== 'string')
      return 'its endpoint needs a base URL and a model name';
  } else if (source.kind === 'scripted') {
    if (typeof source.profile !== 'string' || typeof source.fault !== 'string' || typeof source.paceMs !== 'number')
      return 'its scripted model needs a profile, a fault and a pace';
    if (source.dialect !== undefined && !isScriptedDialect(source.dialect))
      return `its scripted dialect ${JSON.stringify(source.dialect)} is not one the scripted model writes`;
  } else return `its model source is ${JSON.stringify(source.kind)}, not "scripted" or "endpoint"`;
  const files = v.files as Record<string, unknown> | null | undefined;
  if (files === null || typeof files !== 'object' || Array.isArray(files)) return 'its files are missing';
  for (const [name, content] of Object.entries(files))
    if (typeof content !== 'string') return `its file ${JSON.stringify(name)} is not text`;
  const changed = v.changed;
  if (changed !== undefined) {
    if (!Array.isArray(changed)) return 'its changed files must be a list';
    for (const name of changed)
      if (typeof name !== 'string' || !Object.hasOwn(files, name))
        return `its changed file ${JSON.stringify(name)} is not one of its files`;
  }
  return undefined;
}

/**
 * The saved turn, read and checked. A finished turn is forgotten (nothing to resume); a record
 * that cannot be resumed is kept and answered with why, so the page says so — it never vanishes
 * without a word — until the person discards it.
 */
export function readSavedTurn(storage: TurnStorage): SavedTurnRead {
  let text: string | null;
  try {
    text = storage.getItem(SAVED_TURN_KEY);
  } catch {
    return { kind: 'none' }; // storage disabled: nothing was kept
  }
  if (text === null) return { kind: 'none' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'broken', reason: 'it is not JSON' };
  }
  const v = value as Record<string, unknown> | null;
  if (v === null || typeof v !== 'object' || v.format !== FORMAT || v.version !== VERSION)
    return { kind: 'broken', reason: `it is not a saved turn of this version (${FORMAT} ${VERSION})` };
  if (typeof v.task !== 'string') return { kind: 'broken', reason: 'its task is missing' };
  const problem = settingsProblem(v);
  if (problem !== undefined) return { kind: 'broken', reason: problem };
  try {
    const turn = checkTurnRecord(v.turn);
    if (turn.status === 'done') {
      forgetTurn(storage);
      return { kind: 'none' };
    }
  } catch (error) {
    return { kind: 'broken', reason: (error as Error).message };
  }
  return { kind: 'saved', saved: v as unknown as SavedTurn };
}

/** The saved turn, if one can be resumed (see {@link readSavedTurn} for why one cannot). */
export function loadInterruptedTurn(storage: TurnStorage): SavedTurn | undefined {
  const read = readSavedTurn(storage);
  return read.kind === 'saved' ? read.saved : undefined;
}

export function forgetTurn(storage: TurnStorage): void {
  try {
    storage.removeItem(SAVED_TURN_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
}
