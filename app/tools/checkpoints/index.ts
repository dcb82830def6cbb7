// Checkpoints and undo over the workspace port (the CLI's disk and the page's memory alike).
export { contentKey, createMemoryCheckpointStore } from './checkpoint-store.js';
export type { CheckpointStore } from './checkpoint-store.js';
export {
  DEFAULT_CHECKPOINT_MAX_FILE_BYTES,
  DEFAULT_CHECKPOINT_MAX_SESSION_BYTES,
  createWorkspaceCheckpoints,
  undoSentence,
} from './workspace-checkpoints.js';
export type {
  CheckpointLimits,
  CheckpointStep,
  StepScope,
  UncoveredReason,
  UndoReport,
  WorkspaceCheckpointOptions,
  WorkspaceCheckpoints,
} from './workspace-checkpoints.js';
export { stepScope, withCheckpoints } from './with-checkpoints.js';
export {
  CHECKPOINT_JOURNAL_VERSION,
  MAX_JOURNAL_STEPS,
  journalPathProblem,
  parseCheckpointJournal,
} from './checkpoint-journal.js';
export type { CheckpointJournal, JournalChange, JournalFileState, JournalProblem } from './checkpoint-journal.js';
