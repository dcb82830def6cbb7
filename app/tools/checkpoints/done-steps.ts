// The steps a session keeps: taken from a resumed session's journal, written back to one, and the
// folders a new step created.
import { CHECKPOINT_JOURNAL_VERSION, type CheckpointJournal } from './checkpoint-journal.js';
import type { DoneStep, FileChange } from './checkpoint-types.js';
import { withoutRacy } from './file-states.js';

/** A resumed session's steps (its journal checked already): undoable as if they were this session's. */
export function stepsOfJournal(journal: CheckpointJournal | undefined): DoneStep[] {
  return (journal?.steps ?? []).map((step) => ({
    label: step.label,
    changes: step.changes.map((c) => ({ ...c })),
    ...(step.folders ? { folders: [...step.folders] } : {}),
    ...(step.unrecorded ? { unrecorded: [...step.unrecorded] } : {}),
  }));
}

/** The steps as a session keeps them (see checkpoint-journal.ts). */
export function journalOfSteps(done: readonly DoneStep[], recordedBytes: number): CheckpointJournal {
  return {
    version: CHECKPOINT_JOURNAL_VERSION,
    recordedBytes,
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
  };
}

/** The folders a step's new files live in that did not exist before it, deepest first. */
export function createdFolders(changes: readonly FileChange[], before: ReadonlySet<string>): string[] {
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
