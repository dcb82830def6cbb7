// A conversation's checkpoints: kept beside the session file (never inside the workspace), their
// undo steps written to a journal there, so /undo survives --resume and --continue.
import type { CheckpointLimits, WorkspaceCheckpoints } from '../../tools/checkpoints/index.js';
import { createWorkspaceCheckpoints } from '../../tools/checkpoints/index.js';
import { createDiskCheckpointStore, openWorkspace } from '../../tools/node/index.js';
import { journalFileIn, readJournalFile, writeJournalFile } from './checkpoint-journal-file.js';
import { checkpointKey, checkpointPlace } from './checkpoint-place.js';
import type { ConversationIo } from './conversation-types.js';

/** The checkpoints, and why a resumed session's undo steps were refused (when they were). */
export interface ConversationCheckpoints {
  checkpoints: WorkspaceCheckpoints;
  journalProblem: string | undefined;
}

/** Opens the checkpoints of the conversation kept in `sessionFile`; a resumed one reads its undo steps back, checked. */
export async function openConversationCheckpoints(
  io: ConversationIo,
  sessionFile: string,
  root: string,
  resumed: boolean,
  limits: CheckpointLimits | undefined,
): Promise<ConversationCheckpoints> {
  const keyBytes = checkpointKey(io.env);
  const place = checkpointPlace(sessionFile, root, io.env, keyBytes);
  if (place.note) io.stderr.write(`agent-turn: ${place.note}\n`);
  const storeFolder = place.folder;
  const workspace = await openWorkspace(root);
  const store = createDiskCheckpointStore(storeFolder);
  // The undo steps survive --resume / --continue: kept beside the contents, read back checked.
  const journalFile = journalFileIn(storeFolder);
  const earlier = resumed ? readJournalFile(journalFile, keyBytes) : { ok: true as const, journal: undefined };
  let journalBroken = false;
  const checkpoints = createWorkspaceCheckpoints({
    files: workspace,
    store,
    ...limits,
    ...(earlier.ok && earlier.journal ? { journal: earlier.journal } : {}),
    onJournal: (journal) => {
      if (journalBroken) return;
      try {
        writeJournalFile(journalFile, journal, keyBytes);
      } catch (error) {
        journalBroken = true;
        io.stderr.write(
          `agent-turn: cannot keep the undo steps in ${journalFile} (${(error as Error).message}); /undo works until you leave.\n`,
        );
      }
    },
  });
  return { checkpoints, journalProblem: earlier.ok ? undefined : earlier.message };
}
