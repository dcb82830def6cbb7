// Undo: the last steps' changes put back, newest first — only the files still as the agent left
// them (one edited since is left alone and named), and the folders the steps created removed
// again once empty.
import { utf8Length } from '../files/utf8-length.js';
import type { WorkspacePath } from '../workspace-port.js';
import { journalPathProblem, type UncoveredReason } from './checkpoint-journal.js';
import { contentKey } from './checkpoint-store.js';
import type { DoneStep, FileChange, FileState, UndoReport } from './checkpoint-types.js';
import { sameState } from './file-states.js';
import { lookAtFile, type WorkspaceScan } from './workspace-scan.js';

/** Why /undo leaves a git-ignored folder a command changed. */
const UNRECORDED_FOLDER = 'git-ignored: the command changed files in it, which checkpoints do not record';

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

/** Puts the file back as `state` had it (undefined: deletes it); returns why not, when it cannot. */
async function writeBack<P extends WorkspacePath>(
  scan: WorkspaceScan<P>,
  path: string,
  state: FileState | undefined,
): Promise<string | undefined> {
  const { files, store } = scan;
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

/** A folder a step created, removed when nothing is left in it. */
async function removeIfEmpty<P extends WorkspacePath>(scan: WorkspaceScan<P>, folder: string): Promise<boolean> {
  const { files } = scan;
  if (!files.removeEmptyFolder || journalPathProblem(folder) !== undefined) return false;
  const target = await files.resolve(folder);
  if (!target.ok) return false;
  const removed = await files.removeEmptyFolder(target.path).catch(() => false);
  if (removed) scan.folders.delete(folder);
  return removed;
}

/** Puts one change back when the file is still as the step left it; the report says what happened. */
async function undoChange<P extends WorkspacePath>(
  scan: WorkspaceScan<P>,
  change: FileChange,
  report: UndoReport,
): Promise<void> {
  const { known } = scan;
  const now = await lookAtFile(scan, change.path, known.get(change.path)).catch(() => undefined);
  if (!sameState(now, change.after)) {
    report.skipped.push({ path: change.path, reason: 'changed since the agent wrote it' });
    return;
  }
  const problem = await writeBack(scan, change.path, change.before).catch((e: Error) => e.message);
  if (problem !== undefined) {
    report.skipped.push({ path: change.path, reason: problem });
    return;
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

/** Undoes up to `steps` of the steps `done` keeps, newest first (each taken off `done`). */
export async function undoSteps<P extends WorkspacePath>(
  scan: WorkspaceScan<P>,
  done: DoneStep[],
  steps: number,
): Promise<UndoReport> {
  const report: UndoReport = { steps: 0, restored: [], removed: [], skipped: [] };
  while (report.steps < steps && done.length > 0) {
    const step = done.pop()!;
    report.steps++;
    for (const folder of step.unrecorded ?? []) report.skipped.push({ path: `${folder}/`, reason: UNRECORDED_FOLDER });
    for (let i = step.changes.length - 1; i >= 0; i--) await undoChange(scan, step.changes[i], report);
    for (const folder of step.folders ?? [])
      if (await removeIfEmpty(scan, folder)) (report.removedFolders ??= []).push(folder);
  }
  return report;
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
