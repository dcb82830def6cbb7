// Where a conversation's checkpoints live, and the key its undo journal is signed with. Both are
// the user's own: the key is 32 random bytes in $XDG_STATE_HOME/agent-turn/checkpoint-key (0600),
// and a session kept inside the workspace has its checkpoints in a folder of the user's state
// folder (0700) named by an HMAC of the session's path under that key — a name nobody without the
// key can guess, found again on --continue. Never a predictable /tmp path. A folder that is a link,
// not a folder, not the user's, or open to others is refused: a fresh private one is used instead.
import { createHmac, randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** agent-turn's folder in the user's state folder ($XDG_STATE_HOME, else ~/.local/state). */
export function stateFolder(env: Record<string, string | undefined>): string {
  const state = env.XDG_STATE_HOME || path.join(env.HOME || homedir(), '.local', 'state');
  return path.join(state, 'agent-turn');
}

const KEY_BYTES = 32;

/** Opens `file` without following a link; refuses anything but a private regular file of this user. */
function readPrivateFile(file: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file}: cannot read the checkpoint key (${(error as NodeJS.ErrnoException).code}).`);
  }
  try {
    const info = fstatSync(fd);
    const uid = process.getuid?.();
    if (
      !info.isFile() ||
      info.size !== KEY_BYTES ||
      (info.mode & 0o077) !== 0 ||
      (uid !== undefined && info.uid !== uid)
    )
      throw new Error(`${file}: not a private ${KEY_BYTES}-byte key file of this user; remove it to make a new one.`);
    const key = Buffer.alloc(KEY_BYTES);
    readSync(fd, key, 0, KEY_BYTES, 0);
    return key;
  } finally {
    closeSync(fd);
  }
}

/** The user's checkpoint key, made on first use (O_EXCL, 0600). */
export function checkpointKey(env: Record<string, string | undefined>): Buffer {
  const folder = stateFolder(env);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = path.join(folder, 'checkpoint-key');
  const existing = readPrivateFile(file);
  if (existing) return existing;
  const key = randomBytes(KEY_BYTES);
  try {
    const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    try {
      writeSync(fd, key);
    } finally {
      closeSync(fd);
    }
    return key;
  } catch (error) {
    // Another CLI made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readPrivateFile(file) as Buffer;
    throw error;
  }
}

/** Why `folder` may not hold checkpoints (a link, not a folder, someone else's, open to others), or undefined when it may (or is missing). */
export function unsafeFolderProblem(folder: string): string | undefined {
  let info: ReturnType<typeof lstatSync>;
  try {
    info = lstatSync(folder);
  } catch {
    return undefined;
  }
  const uid = process.getuid?.();
  if (info.isSymbolicLink()) return 'it is a symbolic link';
  if (!info.isDirectory()) return 'it is not a folder';
  if (uid !== undefined && info.uid !== uid) return 'it belongs to another user';
  if ((info.mode & 0o077) !== 0) return 'others may read or write it';
  return undefined;
}

/** The checkpoint folder to use, and a note when the expected one was refused. */
export interface CheckpointPlace {
  folder: string;
  note?: string;
}

function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return !rel.startsWith('..') && !path.isAbsolute(rel);
}

/**
 * The checkpoints' folder for a session: beside the session file, unless that is inside the
 * workspace — then a folder of the user's state folder named by an HMAC of the session's path.
 * Made 0700; refused (and a fresh mkdtemp folder used) when a link or anything not private is there.
 * @example
 * const { folder } = checkpointPlace('/home/me/.local/state/agent-turn/sessions/a.json', '/work/p', process.env, key);
 */
export function checkpointPlace(
  sessionFile: string,
  root: string,
  env: Record<string, string | undefined>,
  key: Buffer,
): CheckpointPlace {
  const beside = `${sessionFile.replace(/\.json$/, '')}.checkpoints`;
  const base = path.join(stateFolder(env), 'checkpoints');
  const folder = isInside(root, beside)
    ? path.join(base, createHmac('sha256', key).update(path.resolve(sessionFile)).digest('hex').slice(0, 32))
    : beside;
  const problem = unsafeFolderProblem(folder);
  if (problem === undefined) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    return { folder };
  }
  mkdirSync(base, { recursive: true, mode: 0o700 });
  const fresh = mkdtempSync(path.join(base, 'fresh-'));
  return {
    folder: fresh,
    note: `the checkpoint folder ${folder} is refused (${problem}); this session's checkpoints are kept in ${fresh}.`,
  };
}

/** The HMAC of a journal's text under the user's key (hex). */
export function journalMac(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}
