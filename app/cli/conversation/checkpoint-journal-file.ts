// The undo steps of a conversation on disk: `steps.json` in its checkpoint folder (beside the
// session file, outside the workspace), rewritten atomically after each step and each undo, read
// back on --resume / --continue and checked before any of it is believed. The file's first line is
// an HMAC of the rest under the user's checkpoint key (checkpoint-place.ts): a journal written by
// anyone else — a repository, another user, a forged step creating .vscode/tasks.json — is refused.
import { closeSync, constants, fstatSync, openSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { journalMac } from './checkpoint-place.js';
import { parseCheckpointJournal, type CheckpointJournal } from '../../tools/checkpoints/index.js';

/** A journal larger than this is refused unread. */
export const MAX_JOURNAL_FILE_BYTES = 64 * 1024 * 1024;

/** The journal's file in a checkpoint folder. */
export const journalFileIn = (folder: string) => path.join(folder, 'steps.json');

export type JournalRead = { ok: true; journal: CheckpointJournal | undefined } | { ok: false; message: string };

/** Reads and checks the journal; none there is no steps, a broken one a message with the field. */
export function readJournalFile(file: string, key: Buffer): JournalRead {
  let text: string;
  let fd: number;
  try {
    // Never waits on a FIFO put in its place, never follows a link (the folder is data, not authority).
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, journal: undefined };
    if ((error as NodeJS.ErrnoException).code === 'ELOOP')
      return { ok: false, message: `${file}: a symbolic link, not the journal.` };
    return { ok: false, message: `${file}: cannot read it (${(error as NodeJS.ErrnoException).code}).` };
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { ok: false, message: `${file}: not a regular file.` };
    if (info.size > MAX_JOURNAL_FILE_BYTES)
      return { ok: false, message: `${file}: larger than ${MAX_JOURNAL_FILE_BYTES / 1024 / 1024} MiB.` };
    const buffer = Buffer.alloc(info.size);
    let at = 0;
    while (at < info.size) {
      const n = readSync(fd, buffer, at, info.size - at, at);
      if (n === 0) break;
      at += n;
    }
    text = buffer.subarray(0, at).toString('utf8');
  } finally {
    closeSync(fd);
  }
  const newline = text.indexOf('\n');
  const mac = Buffer.from(newline < 0 ? '' : text.slice(0, newline));
  const body = newline < 0 ? text : text.slice(newline + 1);
  const expected = Buffer.from(journalMac(key, body));
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected))
    return {
      ok: false,
      message: `${file}: not signed with your checkpoint key (written by someone else, or changed).`,
    };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return { ok: false, message: `${file}: not JSON (${(error as Error).message}).` };
  }
  const checked = parseCheckpointJournal(value);
  return checked.ok
    ? { ok: true, journal: checked.value }
    : { ok: false, message: `${file}: ${checked.problem.field}: ${checked.problem.message}` };
}

/** Writes the journal atomically (a temporary file, then a rename), private to the user, signed with `key`. */
export function writeJournalFile(file: string, journal: CheckpointJournal, key: Buffer): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  const body = `${JSON.stringify(journal)}\n`;
  writeFileSync(temporary, `${journalMac(key, body)}\n${body}`, { mode: 0o600 });
  renameSync(temporary, file);
}
