// Checkpoints and undo over the workspace port: before a step that can change files (a write, a
// replace, a command) the files it may touch are recorded; after it, what changed. `undo` puts back
// the files the last steps changed — and only those still as the agent left them (a file someone
// edited since is left alone and named). Bounded: node_modules and .git are never recorded, nor the
// files inside .gitignore'd folders (a command's step names such a folder when it changed it, see
// ignored-folders.ts), nor more than `MAX_IGNORED_FILES` git-ignored files elsewhere (`.env`, `*.log`:
// recorded like any other), nor files over `maxFileBytes`, nor more than `maxSessionBytes` in all.
import type { ChangeFeed, EntryKind, PathInfo, WorkspaceFiles, WorkspacePath } from '../workspace-port.js';
import {
  CHECKPOINT_JOURNAL_VERSION,
  journalPathProblem,
  MAX_JOURNAL_STEPS,
  type CheckpointJournal,
  type JournalFileState,
  type UncoveredReason,
} from './checkpoint-journal.js';
import { utf8Length } from '../files/utf8-length.js';
import { filesInChangedFolders, type LookList, type Walked } from './changed-folders.js';
import { IGNORED_DIRECTORIES } from '../files/list-files.js';
import { loadGitignore, type IgnoreTest } from '../files/gitignore-rules.js';
import { contentKey, type CheckpointStore } from './checkpoint-store.js';
import { changedFolders as changedIgnoredFolders, trackIgnoredFolders } from './ignored-folders.js';

/** The limits of a session's checkpoints. */
export interface CheckpointLimits {
  /** Files larger than this are not recorded (undo says so). Default 2 MiB. */
  maxFileBytes?: number;
  /** Contents recorded in all, at most. Default 500 MiB. */
  maxSessionBytes?: number;
}

export const DEFAULT_CHECKPOINT_MAX_FILE_BYTES = 2 * 1024 * 1024;
export const DEFAULT_CHECKPOINT_MAX_SESSION_BYTES = 500 * 1024 * 1024;
/** Git-ignored files (outside ignored folders) a command's steps record at most, the first ones walked. */
export const MAX_IGNORED_FILES = 2_000;

export type { UncoveredReason };

/** What is known of one file: its size and change stamps, and its content's key when recorded. */
interface FileState extends JournalFileState {
  /**
   * Its stamps were read so soon after it changed that another change in the same clock tick
   * (a disk's timestamps move in coarse ticks) would not move them: its content is read again next time.
   */
  racy?: true;
}

/** One file a step changed: before and after (undefined: absent). */
interface FileChange {
  path: string;
  before?: FileState;
  after?: FileState;
}

/** One step with the files it changed. */
export interface CheckpointStep {
  /** e.g. "write_to_file notes.md" or "execute_command npm test". */
  label: string;
  /** Paths changed, in the order they were found. */
  changed: string[];
  /** Git-ignored folders the step (a command) changed, which checkpoints do not record. */
  unrecorded?: string[];
}

/** What an undo did. */
export interface UndoReport {
  /** Steps undone (fewer than asked when there were fewer). */
  steps: number;
  /** Files whose earlier content was written back. */
  restored: string[];
  /** Files the steps had created, deleted again. */
  removed: string[];
  /** Folders the steps had created, removed again once empty (deepest first); absent when none. */
  removedFolders?: string[];
  /** Files left as they are, with why (edited since, not recorded, cannot delete); a git-ignored folder a command changed ends with "/". */
  skipped: Array<{ path: string; reason: string }>;
}

/** The scope of a step: some files (a write), or the whole workspace (a command). */
export type StepScope = { paths: readonly string[] } | 'workspace';

export interface WorkspaceCheckpoints {
  /** Records the scope's files as they are now; call before the step runs. */
  before(label: string, scope: StepScope): Promise<void>;
  /** Records what the step changed (nothing recorded when it changed nothing). */
  after(): Promise<void>;
  /** Puts back the last `steps` steps' changes, newest first. */
  undo(steps: number): Promise<UndoReport>;
  /** The steps that can be undone, oldest first. */
  steps(): CheckpointStep[];
  /** Bytes of content recorded so far (each content once). */
  bytesRecorded(): number;
  /** The steps as a session keeps them (see checkpoint-journal.ts). */
  journal(): CheckpointJournal;
  /** Stops hearing the workspace's changes (the steps stay undoable). */
  close(): void;
}

export interface WorkspaceCheckpointOptions<P extends WorkspacePath> extends CheckpointLimits {
  files: WorkspaceFiles<P>;
  store: CheckpointStore;
  /** What not to record; default: the workspace's .gitignore (read once, at the first step). */
  ignored?: IgnoreTest;
  /**
   * Hear which folders change (the port's `watchChanges`, a disk's inotify) and look only there
   * after the first step; default true. Off, or where the port cannot, each command step looks at every file.
   */
  watch?: boolean;
  /** The steps of a resumed session, checked by `parseCheckpointJournal`: undoable from the start. */
  journal?: CheckpointJournal;
  /** Told the steps whenever they change (a step recorded, an undo), to keep them in the session. */
  onJournal?: (journal: CheckpointJournal) => void;
}

/** A step as kept: the files it changed, and the ignored folders it changed unrecorded. */
interface DoneStep {
  label: string;
  changes: FileChange[];
  /** Folders the step created (deepest first). */
  folders?: string[];
  unrecorded?: string[];
}

/** Why /undo leaves a git-ignored folder a command changed. */
const UNRECORDED_FOLDER = 'git-ignored: the command changed files in it, which checkpoints do not record';

/** Files looked at together (their stat calls overlap). */
const LOOK_BATCH = 64;

/** Ignore answers kept at most (a name each). */
const MAX_REMEMBERED_ANSWERS = 200_000;

const sameState = (a: FileState | undefined, b: FileState | undefined) =>
  a === undefined || b === undefined
    ? a === b
    : a.size === b.size &&
      a.key === b.key &&
      a.uncovered === b.uncovered &&
      // Without content to compare, the change stamps tell.
      (a.key !== undefined || sameStamps(a, b));

const sameStamps = (a: FileState | PathInfo, b: FileState | PathInfo) =>
  a.modifiedMs === b.modifiedMs && a.changedMs === b.changedMs && a.inode === b.inode;

/** Whether the stat says the file is as `previous` saw it: same size and change stamps (where the storage has them). */
const unchangedSince = (previous: FileState | undefined, info: PathInfo) =>
  previous !== undefined &&
  previous.racy === undefined &&
  info.modifiedMs !== undefined &&
  previous.size === info.size &&
  sameStamps(previous, info);

/**
 * A file changed this close (ms) before it was looked at has stamps that cannot be trusted yet
 * (git's "racy clean"): Linux moves file times in kernel ticks (4–10 ms); storage that keeps whole
 * seconds (FAT, some network disks) gets the wider window.
 */
const RACY_WINDOW_MS = 100;
const RACY_WINDOW_WHOLE_SECONDS_MS = 2000;

function racy(info: PathInfo, lookedFrom: number): boolean {
  const stamp = Math.max(info.modifiedMs ?? 0, info.changedMs ?? 0);
  const window = stamp % 1000 === 0 ? RACY_WINDOW_WHOLE_SECONDS_MS : RACY_WINDOW_MS;
  return stamp >= lookedFrom - window;
}

/** The ignore test with its answers kept: the rules are read once per session, so an answer never changes. */
function remembered(test: IgnoreTest): IgnoreTest {
  const answers = new Map<string, boolean>();
  return (relative, kind) => {
    const key = kind === 'directory' ? `${relative}/` : relative;
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = test(relative, kind);
      // Bounded: a workspace with more names than this asks the rules again.
      if (answers.size >= MAX_REMEMBERED_ANSWERS) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}

/**
 * Checkpoints of one session over a workspace port.
 *
 * @example
 * ```ts
 * const checkpoints = createWorkspaceCheckpoints({ files, store: createMemoryCheckpointStore() });
 * await checkpoints.before('write_to_file a.txt', { paths: ['a.txt'] });
 * // … the write …
 * await checkpoints.after();
 * const report = await checkpoints.undo(1); // report.restored / report.removed
 * ```
 */
export function createWorkspaceCheckpoints<P extends WorkspacePath>(
  options: WorkspaceCheckpointOptions<P>,
): WorkspaceCheckpoints {
  const { files, store } = options;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_CHECKPOINT_MAX_FILE_BYTES;
  const maxSessionBytes = options.maxSessionBytes ?? DEFAULT_CHECKPOINT_MAX_SESSION_BYTES;
  let ignored = options.ignored;
  /** What each file was when last looked at. */
  const known = new Map<string, FileState>();
  // A resumed session's steps (its journal checked already): undoable as if they were this session's.
  /** Folders known to exist (relative): from walks, listings and the known files' paths. */
  const folders = new Set<string>();
  const noteFoldersOf = (relative: string) => {
    for (let at = relative.lastIndexOf('/'); at > 0; at = relative.lastIndexOf('/', at - 1))
      folders.add(relative.slice(0, at));
  };
  const done: DoneStep[] = (options.journal?.steps ?? []).map((step) => ({
    label: step.label,
    changes: step.changes.map((c) => ({ ...c })),
    ...(step.folders ? { folders: [...step.folders] } : {}),
    ...(step.unrecorded ? { unrecorded: [...step.unrecorded] } : {}),
  }));
  let open:
    | { label: string; scope: StepScope; foldersBefore: ReadonlySet<string>; ignoredPrints?: Map<string, string> }
    | undefined;
  const ignoredFolders = trackIgnoredFolders(files, IGNORED_DIRECTORIES);
  /** The git-ignored files a command's walks record (the first `MAX_IGNORED_FILES`). */
  const ignoredFiles = new Set<string>();
  let recorded = options.journal?.recordedBytes ?? 0;
  const journal = (): CheckpointJournal => ({
    version: CHECKPOINT_JOURNAL_VERSION,
    recordedBytes: recorded,
    steps: done.map((step) => ({
      label: step.label,
      changes: step.changes.map(({ path, before, after }) => ({
        path,
        ...(before ? { before: withoutRacy(before) } : {}),
        ...(after ? { after: withoutRacy(after) } : {}),
      })),
      ...(step.folders && step.folders.length > 0 ? { folders: step.folders } : {}),
      ...(step.unrecorded ? { unrecorded: [...step.unrecorded] } : {}),
    })),
  });
  const journalChanged = () => options.onJournal?.(journal());
  /** The port's change feed: null until the first command step starts it, undefined where there is none. */
  let feed: ChangeFeed | undefined | null = null;

  const rules = async () => (ignored ??= remembered(await loadGitignore(files)));

  /**
   * What a command's walk leaves out: ignored folders (noted, to name them when they change) and
   * ignored files past the first `MAX_IGNORED_FILES`; the first ones are recorded like any file.
   */
  async function walkSkip(): Promise<(relative: string, kind: EntryKind) => boolean> {
    const test = await rules();
    return (relative, kind) => {
      if (!test(relative, kind)) return false;
      if (kind === 'directory') {
        ignoredFolders.note(relative);
        return true;
      }
      if (ignoredFiles.has(relative)) return false;
      if (ignoredFiles.size >= MAX_IGNORED_FILES) return true;
      ignoredFiles.add(relative);
      return false;
    };
  }

  /** The file's state now; its content recorded when it is new or changed since `previous`. */
  async function look(
    relative: string,
    previous: FileState | undefined,
    walked?: Walked<P>,
    lookedFrom = Date.now(),
  ): Promise<FileState | undefined> {
    const target = walked ? { ok: true as const, path: walked.path } : await files.resolve(relative);
    if (!target.ok) return undefined;
    const info = walked?.info ?? (await files.stat(target.path).catch(() => undefined));
    if (info?.kind !== 'file') return undefined;
    if (unchangedSince(previous, info)) return previous;
    const state: FileState = {
      size: info.size,
      ...(info.modifiedMs !== undefined ? { modifiedMs: info.modifiedMs } : {}),
      ...(info.changedMs !== undefined ? { changedMs: info.changedMs } : {}),
      ...(info.inode !== undefined ? { inode: info.inode } : {}),
      ...(racy(info, lookedFrom) ? { racy: true as const } : {}),
    };
    if (info.size > maxFileBytes) return { ...state, uncovered: 'too-large' };
    const bytes = await files.read(target.path, maxFileBytes + 1).catch(() => undefined);
    if (!bytes || bytes.length > maxFileBytes) return { ...state, uncovered: bytes ? 'too-large' : 'unreadable' };
    let content: string;
    try {
      content = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      return { ...state, uncovered: 'binary' };
    }
    if (content.includes('\0')) return { ...state, uncovered: 'binary' };
    const key = contentKey(content, bytes.length);
    if (!store.has(key)) {
      if (recorded + bytes.length > maxSessionBytes)
        return { ...state, size: bytes.length, uncovered: 'session-limit' };
      await store.put(key, content);
      recorded += bytes.length;
    }
    return { ...state, size: bytes.length, key };
  }

  /** Every recordable file of the workspace, with the path (and stat, where the port gives it) the walk found: one pass. */
  async function allFiles(): Promise<Map<string, Walked<P>>> {
    const skip = await walkSkip();
    const root = await files.resolve('.');
    const found = new Map<string, Walked<P>>();
    if (!root.ok) return found;
    const options = { recursive: true, skipDirectories: IGNORED_DIRECTORIES, skip, withInfo: true };
    await files.walk(root.path, options, (entry) => {
      if (entry.kind === 'file') found.set(entry.path.relative, { path: entry.path, info: entry.info });
      else if (entry.kind === 'directory') folders.add(entry.path.relative);
    });
    return found;
  }

  /** The folders changed since the last look, once the first full look is done; undefined: look everywhere. */
  async function changedFolders(): Promise<ReadonlySet<string> | undefined> {
    if (options.watch === false) return undefined;
    if (feed === null) {
      // Started before the first full look, so nothing between the two goes unheard.
      const test = await rules();
      feed = await files.watchChanges?.({ skipDirectories: IGNORED_DIRECTORIES, skip: test }).catch(() => undefined);
      return undefined;
    }
    return feed?.take();
  }

  async function pathsOf(scope: StepScope): Promise<LookList<P>> {
    if (scope === 'workspace') {
      const changed = await changedFolders();
      if (changed !== undefined) {
        const skip = await walkSkip();
        return filesInChangedFolders(
          files,
          changed,
          { skipDirectories: IGNORED_DIRECTORIES, skip },
          known.keys(),
          (f) => folders.add(f),
        );
      }
      const now: LookList<P> = [...(await allFiles())];
      // Known files that are gone count too (deleted since).
      const seen = new Set(now.map(([relative]) => relative));
      for (const path of known.keys()) if (!seen.has(path)) now.push([path, undefined]);
      return now;
    }
    // A file the step names is recorded even when .gitignore ignores it (a .env the agent rewrites
    // must come back on /undo); only whole-workspace walks leave ignored files out, to stay bounded.
    const out: LookList<P> = [];
    for (const requested of scope.paths) {
      const target = await files.resolve(requested);
      if (!target.ok) continue;
      const relative = target.path.relative;
      if (!relative.split('/').some((part) => IGNORED_DIRECTORIES.has(part)))
        out.push([relative, { path: target.path }]);
    }
    return out;
  }

  /** Brings `known` up to date for the scope; returns the files whose state moved. */
  async function refresh(scope: StepScope): Promise<FileChange[]> {
    const changes: FileChange[] = [];
    const lookedFrom = Date.now();
    // The files the walk's stat shows unchanged are settled at once (no promise each); the rest are looked at.
    const paths = (await pathsOf(scope)).filter(
      ([path, walked]) => !(walked?.info && unchangedSince(known.get(path), walked.info)),
    );
    // A few at a time: stat calls overlap, the order of the changes stays the walk's.
    for (let at = 0; at < paths.length; at += LOOK_BATCH) {
      const batch = paths.slice(at, at + LOOK_BATCH);
      const states = await Promise.all(batch.map(([path, walked]) => look(path, known.get(path), walked, lookedFrom)));
      batch.forEach(([path], i) => {
        const previous = known.get(path);
        const now = states[i];
        if (now === undefined) known.delete(path);
        else {
          known.set(path, now);
          noteFoldersOf(path);
        }
        if (!sameState(previous, now)) changes.push({ path, before: previous, after: now });
      });
    }
    return changes;
  }

  async function write(path: string, state: FileState | undefined): Promise<string | undefined> {
    // Never where a checkpoint could not have recorded (a resumed journal is a file someone could edit).
    const problem = journalPathProblem(path);
    if (problem !== undefined) return `not restored: the path ${problem}`;
    const target = await files.resolve(path);
    if (!target.ok) return 'outside the workspace now';
    if (state === undefined) {
      if (!files.remove) return 'this workspace cannot delete files';
      await files.remove(target.path);
      return undefined;
    }
    if (state.key === undefined) return `not recorded (${describeUncovered(state.uncovered)})`;
    const content = await store.get(state.key);
    if (content === undefined) return 'its recorded content is gone';
    if (contentKey(content, utf8Length(content)) !== state.key)
      return 'its recorded content does not match its key (the checkpoint folder was changed)';
    await files.writeAtomically(target.path, content);
    return undefined;
  }

  /** Which folders on the way to the named paths exist now (a write names its file, and its folders may be new). */
  async function lookAtFoldersOf(paths: readonly string[]): Promise<void> {
    for (const requested of paths) {
      const target = await files.resolve(requested);
      if (!target.ok) continue;
      const relative = target.path.relative;
      for (let at = relative.lastIndexOf('/'); at > 0; at = relative.lastIndexOf('/', at - 1)) {
        const folder = relative.slice(0, at);
        const there = await files.resolve(folder);
        const info = there.ok ? await files.stat(there.path).catch(() => undefined) : undefined;
        if (info?.kind === 'directory') folders.add(folder);
        else folders.delete(folder);
      }
    }
  }

  /** A folder a step created, removed when nothing is left in it. */
  async function removeIfEmpty(folder: string): Promise<boolean> {
    if (!files.removeEmptyFolder || journalPathProblem(folder) !== undefined) return false;
    const target = await files.resolve(folder);
    if (!target.ok) return false;
    const removed = await files.removeEmptyFolder(target.path).catch(() => false);
    if (removed) folders.delete(folder);
    return removed;
  }

  return {
    async before(label, scope) {
      // Whatever changed since the last step is the person's (or another program's): the new baseline.
      await refresh(scope);
      if (scope !== 'workspace') await lookAtFoldersOf(scope.paths);
      const ignoredPrints = scope === 'workspace' ? await ignoredFolders.prints() : undefined;
      open = { label, scope, foldersBefore: new Set(folders), ...(ignoredPrints ? { ignoredPrints } : {}) };
    },
    async after() {
      if (!open) return;
      const { label, scope, foldersBefore, ignoredPrints } = open;
      open = undefined;
      const changes = await refresh(scope);
      const unrecorded = ignoredPrints ? changedIgnoredFolders(ignoredPrints, await ignoredFolders.prints()) : [];
      if (changes.length > 0 || unrecorded.length > 0) {
        const made = createdFolders(changes, foldersBefore);
        done.push({
          label,
          changes,
          ...(made.length > 0 ? { folders: made } : {}),
          ...(unrecorded.length > 0 ? { unrecorded } : {}),
        });
        if (done.length > MAX_JOURNAL_STEPS) done.splice(0, done.length - MAX_JOURNAL_STEPS);
        journalChanged();
      }
    },
    async undo(steps) {
      const report: UndoReport = { steps: 0, restored: [], removed: [], skipped: [] };
      while (report.steps < steps && done.length > 0) {
        const step = done.pop()!;
        report.steps++;
        for (const folder of step.unrecorded ?? [])
          report.skipped.push({ path: `${folder}/`, reason: UNRECORDED_FOLDER });
        for (let i = step.changes.length - 1; i >= 0; i--) {
          const change = step.changes[i];
          const now = await look(change.path, known.get(change.path)).catch(() => undefined);
          if (!sameState(now, change.after)) {
            report.skipped.push({ path: change.path, reason: 'changed since the agent wrote it' });
            continue;
          }
          const problem = await write(change.path, change.before).catch((e: Error) => e.message);
          if (problem !== undefined) {
            report.skipped.push({ path: change.path, reason: problem });
            continue;
          }
          if (change.before === undefined) {
            report.removed.push(change.path);
            known.delete(change.path);
          } else {
            report.restored.push(change.path);
            // Read again at the next step: the write gave it a new change time.
            known.set(change.path, { ...change.before, modifiedMs: -1 });
          }
        }
        for (const folder of step.folders ?? [])
          if (await removeIfEmpty(folder)) (report.removedFolders ??= []).push(folder);
      }
      if (report.steps > 0) journalChanged();
      return report;
    },
    journal,
    steps: () =>
      done.map((s) => ({
        label: s.label,
        changed: s.changes.map((c) => c.path),
        ...(s.unrecorded ? { unrecorded: [...s.unrecorded] } : {}),
      })),
    bytesRecorded: () => recorded,
    close() {
      feed?.close();
      feed = undefined;
    },
  };
}

/** The folders a step's new files live in that did not exist before it, deepest first. */
function createdFolders(changes: readonly FileChange[], before: ReadonlySet<string>): string[] {
  const made = new Set<string>();
  for (const change of changes) {
    if (change.before !== undefined || change.after === undefined) continue;
    for (let at = change.path.lastIndexOf('/'); at > 0; at = change.path.lastIndexOf('/', at - 1)) {
      const folder = change.path.slice(0, at);
      if (before.has(folder)) break;
      made.add(folder);
    }
  }
  return [...made].sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? 1 : -1));
}

function withoutRacy(state: FileState): FileState {
  const { racy: _racy, ...rest } = state;
  return rest;
}

function describeUncovered(reason: UncoveredReason | undefined): string {
  switch (reason) {
    case 'too-large':
      return 'larger than the checkpoint size limit';
    case 'binary':
      return 'not text';
    case 'session-limit':
      return "the session's checkpoint space was full";
    default:
      return 'it could not be read';
  }
}

/** One line saying what an undo did, for the person and the model. */
export function undoSentence(report: UndoReport): string {
  if (report.steps === 0) return 'Nothing to undo: the agent has not changed any file in this session.';
  const parts: string[] = [];
  if (report.restored.length > 0) parts.push(`restored ${report.restored.join(', ')}`);
  if (report.removed.length > 0) parts.push(`removed ${report.removed.join(', ')} (created by the agent)`);
  const folders = report.removedFolders ?? [];
  if (folders.length > 0)
    parts.push(`removed the empty folder${folders.length === 1 ? '' : 's'} ${folders.map((f) => `${f}/`).join(', ')}`);
  if (report.skipped.length > 0) parts.push(`left ${report.skipped.map((s) => `${s.path} (${s.reason})`).join(', ')}`);
  const what = parts.length > 0 ? parts.join('; ') : 'no file needed changing';
  return `Undid ${report.steps} step${report.steps === 1 ? '' : 's'}: ${what}.`;
}
