// Checkpoints and undo over the workspace port (the CLI's disk and the page's memory alike).
export { contentKey, createMemoryCheckpointStore } from './checkpoint-store.js';
export type { CheckpointStore } from './checkpoint-store.js';
export { createWorkspaceCheckpoints, undoSentence } from './workspace-checkpoints.js';
export type { CheckpointLimits, WorkspaceCheckpoints } from './workspace-checkpoints.js';
export { withCheckpoints } from './with-checkpoints.js';
export { journalPathProblem, parseCheckpointJournal } from './checkpoint-journal.js';
export type { CheckpointJournal } from './checkpoint-journal.js';
