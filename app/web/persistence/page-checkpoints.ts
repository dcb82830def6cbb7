// The page's undo steps across a reload: the checkpoint engine's journal (app/tools/checkpoints/,
// the same one the CLI keeps in steps.json) and the recorded contents its steps name, saved with
// the conversation. Read back they are untrusted: the journal is checked by the engine's own
// parseCheckpointJournal, each content must match its key (the engine checks again before it
// writes one back), and anything off only costs the undo steps — the conversation itself stays.
import {
  contentKey,
  parseCheckpointJournal,
  type CheckpointJournal,
  type CheckpointStore,
} from '../../tools/checkpoints/index.js';

/** The undo steps as the conversation saves them. */
export interface SavedCheckpoints {
  journal: CheckpointJournal;
  /** Recorded contents by key: only those the journal's steps name. */
  contents: Record<string, string>;
}

/** A checkpoint store in memory that can hand back the contents a journal needs. */
export interface PageCheckpointStore extends CheckpointStore {
  /** The contents the journal's steps name (what a reload needs to undo them). */
  contentsFor(journal: CheckpointJournal): Record<string, string>;
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** A store holding `initial` (key -> content, as {@link readSavedCheckpoints} gave it back). */
export function createPageCheckpointStore(initial: Readonly<Record<string, string>> = {}): PageCheckpointStore {
  const contents = new Map<string, string>(Object.entries(initial));
  return {
    has: (key) => contents.has(key),
    async put(key, content) {
      contents.set(key, content);
    },
    async get(key) {
      return contents.get(key);
    },
    contentsFor(journal) {
      const out: Record<string, string> = {};
      for (const step of journal.steps)
        for (const change of step.changes)
          for (const key of [change.before?.key, change.after?.key]) {
            const content = key === undefined ? undefined : contents.get(key);
            if (key !== undefined && content !== undefined) out[key] = content;
          }
      return out;
    },
  };
}

/** The saved undo steps, checked; or why they cannot be used (the conversation goes on without them). */
export function readSavedCheckpoints(
  value: unknown,
): { ok: true; saved: SavedCheckpoints; steps: number } | { ok: false; reason: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, reason: 'they are not an object' };
  const v = value as Record<string, unknown>;
  const journal = parseCheckpointJournal(v.journal);
  if (!journal.ok) return { ok: false, reason: `${journal.problem.field}: ${journal.problem.message}` };
  const contents = v.contents;
  if (contents === null || typeof contents !== 'object' || Array.isArray(contents))
    return { ok: false, reason: 'their recorded contents are missing' };
  const kept: Record<string, string> = {};
  for (const [key, content] of Object.entries(contents)) {
    if (typeof content !== 'string') return { ok: false, reason: `the content of ${JSON.stringify(key)} is not text` };
    if (contentKey(content, utf8Bytes(content)) !== key)
      return { ok: false, reason: `the content kept as ${JSON.stringify(key)} does not match its key` };
    kept[key] = content;
  }
  return { ok: true, saved: { journal: journal.value, contents: kept }, steps: journal.value.steps.length };
}
