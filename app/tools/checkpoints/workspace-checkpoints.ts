// Checkpoints and undo over the workspace port: before a step that can change files (a write, a
// replace, a command) the files it may touch are recorded; after it, what changed. `undo` puts back
// the files the last steps changed — and only those still as the agent left them (a file someone
// edited since is left alone and named). Bounded: node_modules and .git are never recorded, nor the
// files inside .gitignore'd folders (a command's step names such a folder when it changed it, see
// ignored-folders.ts), nor more than `MAX_IGNORED_FILES` git-ignored files elsewhere (`.env`, `*.log`:
// recorded like any other), nor files over `maxFileBytes`, nor more than `maxSessionBytes` in all.
// The parts: what is known of the workspace and how it is looked at (workspace-scan.ts), the undo
// (checkpoint-undo.ts), the steps as a journal keeps them (done-steps.ts).
import type { IgnoreTest } from '../files/gitignore-rules.js';
import type { WorkspaceFiles, WorkspacePath } from '../workspace-port.js';
import { type CheckpointJournal, MAX_JOURNAL_STEPS, type UncoveredReason } from './checkpoint-journal.js';
import type { CheckpointStore } from './checkpoint-store.js';
import {
  type CheckpointLimits,
  type CheckpointStep,
  DEFAULT_CHECKPOINT_MAX_FILE_BYTES,
  DEFAULT_CHECKPOINT_MAX_SESSION_BYTES,
  type StepScope,
  type UndoReport,
} from './checkpoint-types.js';
import { undoSteps } from './checkpoint-undo.js';
import { createdFolders, journalOfSteps, stepsOfJournal } from './done-steps.js';
import { changedFolders as changedIgnoredFolders } from './ignored-folders.js';
import { createWorkspaceScan, lookAtFoldersOf, refresh } from './workspace-scan.js';

export type { CheckpointLimits, CheckpointStep, StepScope, UndoReport };
export { undoSentence } from './checkpoint-undo.js';

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
  const scan = createWorkspaceScan({
    files: options.files,
    store: options.store,
    maxFileBytes: options.maxFileBytes ?? DEFAULT_CHECKPOINT_MAX_FILE_BYTES,
    maxSessionBytes: options.maxSessionBytes ?? DEFAULT_CHECKPOINT_MAX_SESSION_BYTES,
    watch: options.watch !== false,
    recorded: options.journal?.recordedBytes ?? 0,
    ignored: options.ignored,
  });
  const done = stepsOfJournal(options.journal);
  let open:
    | { label: string; scope: StepScope; foldersBefore: ReadonlySet<string>; ignoredPrints?: Map<string, string> }
    | undefined;
  const journal = () => journalOfSteps(done, scan.recorded);
  const journalChanged = () => options.onJournal?.(journal());

  return {
    async before(label, scope) {
      // Whatever changed since the last step is the person's (or another program's): the new baseline.
      await refresh(scan, scope);
      if (scope !== 'workspace') await lookAtFoldersOf(scan, scope.paths);
      const ignoredPrints = scope === 'workspace' ? await scan.ignoredFolders.prints() : undefined;
      open = { label, scope, foldersBefore: new Set(scan.folders), ...(ignoredPrints ? { ignoredPrints } : {}) };
    },
    async after() {
      if (!open) return;
      const { label, scope, foldersBefore, ignoredPrints } = open;
      open = undefined;
      const changes = await refresh(scan, scope);
      const unrecorded = ignoredPrints ? changedIgnoredFolders(ignoredPrints, await scan.ignoredFolders.prints()) : [];
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
      const report = await undoSteps(scan, done, steps);
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
    bytesRecorded: () => scan.recorded,
    close() {
      scan.feed?.close();
      scan.feed = undefined;
    },
  };
}
