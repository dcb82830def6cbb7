// The undo steps as a session keeps them, so /undo still works after --resume / --continue. Read
// back, the journal is a file like any other: untrusted. It is checked field by field before any
// step of it is believed — paths relative and inside, never into .git or node_modules, content
// keys of the store's own shape, sizes whole numbers, all of it bounded — and refused with the
// field that is wrong. Undo then writes only through the workspace port (which refuses whatever
// leads outside) and only a content whose key matches it.
import { IGNORED_DIRECTORIES } from '../files/list-files.js';

/** Why a file's content was not recorded. */
export type UncoveredReason = 'too-large' | 'binary' | 'session-limit' | 'unreadable';

/** The journal's format version. */
export const CHECKPOINT_JOURNAL_VERSION = 1;

/** Steps kept at most; older ones are dropped as new ones come. */
export const MAX_JOURNAL_STEPS = 500;
/** Files one step may name at most. */
export const MAX_JOURNAL_CHANGES_PER_STEP = 100_000;

/** What was known of one file at a step's edge (JSON-safe). */
export interface JournalFileState {
  size: number;
  modifiedMs?: number;
  changedMs?: number;
  inode?: number;
  /** The content's key in the checkpoint store, when recorded. */
  key?: string;
  uncovered?: UncoveredReason;
}

/** One file a step changed: before and after (absent: there was no file). */
export interface JournalChange {
  path: string;
  before?: JournalFileState;
  after?: JournalFileState;
}

/** The undoable steps of a session, oldest first, and the bytes the store holds for them. */
export interface CheckpointJournal {
  version: typeof CHECKPOINT_JOURNAL_VERSION;
  recordedBytes: number;
  /**
   * Each step's changes, the folders it created (deepest first, removed again by an undo once
   * empty), and the git-ignored folders it changed unrecorded (named by an undo).
   */
  steps: Array<{ label: string; changes: JournalChange[]; folders?: string[]; unrecorded?: string[] }>;
}

/** Git-ignored folders one step may name at most (as `trackIgnoredFolders` notes them). */
export const MAX_JOURNAL_UNRECORDED_PER_STEP = 200;

/** Why a journal was refused: the field, and what is wrong with it. */
export interface JournalProblem {
  code: 'invalid-checkpoint-journal';
  /** e.g. "steps[2].changes[0].path". */
  field: string;
  message: string;
}

const KEY_SHAPE = /^[0-9a-z]{1,12}-[0-9a-z]{1,16}$/;
const REASONS: ReadonlySet<string> = new Set(['too-large', 'binary', 'session-limit', 'unreadable']);

type Check<T> = { ok: true; value: T } | { ok: false; problem: JournalProblem };
const refuse = (field: string, message: string): { ok: false; problem: JournalProblem } => ({
  ok: false,
  problem: { code: 'invalid-checkpoint-journal', field, message },
});

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const wholeNumber = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Why `path` may not be restored, or undefined when it is a plain relative path a checkpoint could have recorded. */
export function journalPathProblem(path: string): string | undefined {
  if (path === '' || path.length > 4096) return 'expected a relative file path (1 to 4,096 characters).';
  if (path.includes('\0') || path.includes('\\')) return 'contains a NUL or a backslash.';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path))
    return 'is an absolute path; checkpoints record paths inside the workspace.';
  const parts = path.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..'))
    return 'has an empty, "." or ".." segment (it could lead outside the workspace).';
  const skipped = parts.find((p) => IGNORED_DIRECTORIES.has(p));
  if (skipped !== undefined) return `goes into ${skipped}, which checkpoints never record.`;
  return undefined;
}

/** A step's git-ignored folders: absent, or 1 to `MAX_JOURNAL_UNRECORDED_PER_STEP` plain relative folder paths. */
function unrecordedFolders(value: unknown, field: string): Check<string[] | undefined> {
  if (value === undefined) return { ok: true, value: undefined };
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_JOURNAL_UNRECORDED_PER_STEP)
    return refuse(field, `expected a list of 1 to ${MAX_JOURNAL_UNRECORDED_PER_STEP} folder paths.`);
  for (const [i, folder] of value.entries()) {
    if (typeof folder !== 'string') return refuse(`${field}[${i}]`, 'expected a relative folder path.');
    const problem = journalPathProblem(folder);
    if (problem) return refuse(`${field}[${i}]`, `"${folder.slice(0, 80)}" ${problem}`);
  }
  return { ok: true, value: [...value] as string[] };
}

function fileState(value: unknown, field: string): Check<JournalFileState | undefined> {
  if (value === undefined) return { ok: true, value: undefined };
  if (!isRecord(value)) return refuse(field, 'expected an object or nothing.');
  for (const k of Object.keys(value))
    if (!['size', 'modifiedMs', 'changedMs', 'inode', 'key', 'uncovered', 'racy'].includes(k))
      return refuse(`${field}.${k}`, 'unknown field.');
  if (!wholeNumber(value.size)) return refuse(`${field}.size`, 'expected a whole number of bytes.');
  for (const k of ['modifiedMs', 'changedMs', 'inode'] as const)
    if (value[k] !== undefined && (typeof value[k] !== 'number' || !Number.isFinite(value[k])))
      return refuse(`${field}.${k}`, 'expected a number.');
  if (value.key !== undefined && (typeof value.key !== 'string' || !KEY_SHAPE.test(value.key)))
    return refuse(`${field}.key`, 'expected a checkpoint content key (like "1k-3f9a0c2b7d1e").');
  if (value.uncovered !== undefined && (typeof value.uncovered !== 'string' || !REASONS.has(value.uncovered)))
    return refuse(`${field}.uncovered`, `expected one of ${[...REASONS].join(', ')}.`);
  if ((value.key === undefined) === (value.uncovered === undefined))
    return refuse(field, 'expected either a content key or the reason it was not recorded.');
  const state: JournalFileState = { size: value.size as number };
  for (const k of ['modifiedMs', 'changedMs', 'inode'] as const)
    if (value[k] !== undefined) state[k] = value[k] as number;
  if (value.key !== undefined) state.key = value.key as string;
  if (value.uncovered !== undefined) state.uncovered = value.uncovered as UncoveredReason;
  return { ok: true, value: state };
}

/**
 * Checks a journal read back from a file; every step it names is plain data by then.
 *
 * @example
 * ```ts
 * const checked = parseCheckpointJournal(JSON.parse(text));
 * if (!checked.ok) console.error(`${checked.problem.field}: ${checked.problem.message}`);
 * ```
 */
export function parseCheckpointJournal(value: unknown): Check<CheckpointJournal> {
  if (!isRecord(value)) return refuse('(the file)', 'expected a JSON object.');
  if (value.version !== CHECKPOINT_JOURNAL_VERSION)
    return refuse('version', `expected ${CHECKPOINT_JOURNAL_VERSION} (a journal this version writes).`);
  if (!wholeNumber(value.recordedBytes)) return refuse('recordedBytes', 'expected a whole number of bytes.');
  if (!Array.isArray(value.steps)) return refuse('steps', 'expected a list.');
  if (value.steps.length > MAX_JOURNAL_STEPS) return refuse('steps', `more than ${MAX_JOURNAL_STEPS} steps.`);
  const steps: CheckpointJournal['steps'] = [];
  for (const [i, step] of value.steps.entries()) {
    const at = `steps[${i}]`;
    if (!isRecord(step)) return refuse(at, 'expected an object.');
    if (typeof step.label !== 'string' || step.label.length > 2000)
      return refuse(`${at}.label`, 'expected a text of at most 2,000 characters.');
    const unrecorded = unrecordedFolders(step.unrecorded, `${at}.unrecorded`);
    if (!unrecorded.ok) return unrecorded;
    const least = unrecorded.value === undefined ? 1 : 0;
    if (
      !Array.isArray(step.changes) ||
      step.changes.length < least ||
      step.changes.length > MAX_JOURNAL_CHANGES_PER_STEP
    )
      return refuse(`${at}.changes`, `expected a list of ${least} to ${MAX_JOURNAL_CHANGES_PER_STEP} changes.`);
    const changes: JournalChange[] = [];
    for (const [j, change] of step.changes.entries()) {
      const cat = `${at}.changes[${j}]`;
      if (!isRecord(change)) return refuse(cat, 'expected an object.');
      if (typeof change.path !== 'string') return refuse(`${cat}.path`, 'expected a relative file path.');
      const problem = journalPathProblem(change.path);
      if (problem) return refuse(`${cat}.path`, `"${change.path.slice(0, 80)}" ${problem}`);
      const before = fileState(change.before, `${cat}.before`);
      if (!before.ok) return before;
      const after = fileState(change.after, `${cat}.after`);
      if (!after.ok) return after;
      if (before.value === undefined && after.value === undefined)
        return refuse(cat, 'names a file that was absent both before and after.');
      changes.push({
        path: change.path,
        ...(before.value ? { before: before.value } : {}),
        ...(after.value ? { after: after.value } : {}),
      });
    }
    const folders = step.folders;
    if (folders !== undefined) {
      if (!Array.isArray(folders) || folders.length > MAX_JOURNAL_CHANGES_PER_STEP)
        return refuse(`${at}.folders`, `expected a list of at most ${MAX_JOURNAL_CHANGES_PER_STEP} folder paths.`);
      for (const [j, folder] of folders.entries()) {
        const problem = typeof folder === 'string' ? journalPathProblem(folder) : 'expected a relative folder path.';
        if (problem) return refuse(`${at}.folders[${j}]`, `${String(folder).slice(0, 80)}: ${problem}`);
      }
    }
    steps.push({
      label: step.label,
      changes,
      ...(folders ? { folders: folders as string[] } : {}),
      ...(unrecorded.value ? { unrecorded: unrecorded.value } : {}),
    });
  }
  return {
    ok: true,
    value: { version: CHECKPOINT_JOURNAL_VERSION, recordedBytes: value.recordedBytes as number, steps },
  };
}
