import { lstat, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { constants } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { openDirectoryInside, type OpenedDirectory } from './open-inside.js';
import { trackTempFile } from './temp-file-registry.js';

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = constants;

/** Temp names are short and do not contain the target's name, so any valid name (255 bytes) can be written. */
const tempName = () => `.${randomBytes(6).toString('hex')}.tmp`;

export interface AtomicWriteOptions {
  /** The folder the write must stay in (the workspace root); the file system root when omitted. */
  root?: string;
}

/** Characters encoded and written at a time: a 60 MB content never becomes one 60 MB buffer. */
const WRITE_PIECE_CHARS = 1024 * 1024;

async function writeInPieces(handle: FileHandle, content: string): Promise<void> {
  let at = 0;
  while (at < content.length) {
    let end = Math.min(content.length, at + WRITE_PIECE_CHARS);
    // Keep a surrogate pair together, so each piece encodes to the same bytes as the whole would.
    const last = content.charCodeAt(end - 1);
    if (end < content.length && last >= 0xd800 && last <= 0xdbff) end++;
    const bytes = Buffer.from(content.slice(at, end), 'utf8');
    let written = 0;
    while (written < bytes.length) written += (await handle.write(bytes, written, bytes.length - written)).bytesWritten;
    at = end;
  }
}

/** Creates a new temp file in `dir`, known to the exit cleanup before it exists. */
async function createTemp(dir: OpenedDirectory): Promise<{ name: string; handle: FileHandle; forget: () => void }> {
  for (;;) {
    const name = tempName();
    const forget = trackTempFile(dir.at(name));
    try {
      return { name, forget, handle: await open(dir.at(name), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o666) };
    } catch (error) {
      forget();
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * Writes a file so that readers see either the old content or the new, never half of it: a temp
 * file, then a rename over the target, both inside the target's folder held open and verified
 * inside `root` (so a link flipped meanwhile cannot send the write elsewhere). Creates missing
 * folders; keeps the mode of a file it replaces; leaves no temp file, even when the process exits
 * midway. Returns whether the file existed before.
 */
export async function writeFileAtomically(
  target: string,
  content: string,
  options: AtomicWriteOptions = {},
): Promise<{ created: boolean }> {
  const dir = await openDirectoryInside(options.root ?? path.parse(target).root, path.dirname(target), {
    create: true,
  });
  try {
    const name = path.basename(target);
    const before = await lstat(dir.at(name)).catch(() => undefined);
    if (before?.isDirectory()) throw Object.assign(new Error(`${target} is a directory`), { code: 'EISDIR' });
    const temp = await createTemp(dir);
    try {
      try {
        await writeInPieces(temp.handle, content);
        if (before?.isFile()) await temp.handle.chmod(before.mode & 0o7777);
      } finally {
        await temp.handle.close();
      }
      await rename(dir.at(temp.name), dir.at(name));
    } catch (error) {
      await rm(dir.at(temp.name), { force: true });
      throw error;
    } finally {
      temp.forget();
    }
    return { created: !before };
  } finally {
    await dir.close();
  }
}
