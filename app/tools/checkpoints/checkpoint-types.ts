// The shapes of a session's checkpoints: the limits, a step's scope and record, an undo's report,
// and (inside) what is known of each file.
import type { JournalFileState } from './checkpoint-journal.js';

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

/** What is known of one file: its size and change stamps, and its content's key when recorded. */
export interface FileState extends JournalFileState {
  /**
   * Its stamps were read so soon after it changed that another change in the same clock tick
   * (a disk's timestamps move in coarse ticks) would not move them: its content is read again next time.
   */
  racy?: true;
}

/** One file a step changed: before and after (undefined: absent). */
export interface FileChange {
  path: string;
  before?: FileState;
  after?: FileState;
}

/** A step as kept: the files it changed, and the ignored folders it changed unrecorded. */
export interface DoneStep {
  label: string;
  changes: FileChange[];
  /** Folders the step created (deepest first). */
  folders?: string[];
  unrecorded?: string[];
}
