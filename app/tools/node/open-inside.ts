// Opening a file or folder so that what was checked is what is used: open first, then ask the
// descriptor where it really is and refuse it unless that is inside the workspace. A link that
// flips between a folder inside and one outside can change what a name leads to, never what an
// open descriptor holds. The final name is opened without following a link (O_NOFOLLOW), and
// without blocking (O_NONBLOCK), so a FIFO swapped in is refused, not waited on.
import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { DESCRIPTOR_PATHS, descriptorLocation, throughDescriptor } from './descriptor-path.js';
import { isInside } from './resolve-inside-root.js';

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK, O_NOCTTY, O_DIRECTORY } = constants;

/** A path that, when opened, no longer led where it was checked: outside the workspace, or through a link swapped in. */
export class PathEscapeError extends Error {
  readonly code = 'outside-workspace';
  constructor(
    readonly target: string,
    readonly found: string,
  ) {
    super(`${target} no longer leads where it was checked (${found}); nothing was read or written there`);
    this.name = 'PathEscapeError';
  }
}

/** A regular file opened for reading, verified inside the workspace. */
export interface OpenedFile {
  handle: FileHandle;
  size: number;
}

/** A folder held open and verified inside the workspace; names below it are reached through it. */
export interface OpenedDirectory {
  handle: FileHandle;
  /** Where the folder really is. */
  location: string;
  /** A path for `name` inside this very folder (through the descriptor on Linux). */
  at(name: string): string;
  /** A path for the folder itself, for readdir. */
  self(): string;
  close(): Promise<void>;
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException)?.code;
}

/** Refuses (and closes) the handle unless it is inside `root`. Where descriptors have no path, compares device and inode with the named path's real location. */
async function verifyInside(handle: FileHandle, root: string, named: string): Promise<string> {
  try {
    let location = await descriptorLocation(handle.fd);
    if (location === undefined) {
      location = await realpath(named);
      const [held, there] = await Promise.all([handle.stat(), lstat(location)]);
      if (held.dev !== there.dev || held.ino !== there.ino)
        throw new PathEscapeError(named, 'it was replaced while opening');
    }
    if (!isInside(root, location)) throw new PathEscapeError(named, `it leads to ${location}, outside the workspace`);
    return location;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** `open` with O_NOFOLLOW, where a link in the last name (ELOOP, or ENOTDIR for a folder) is reported as a path that changed. */
async function openNoFollow(target: string, flags: number): Promise<FileHandle> {
  try {
    return await open(target, flags | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ELOOP' || (code === 'ENOTDIR' && (await lstat(target).catch(() => undefined))?.isSymbolicLink())) {
      throw new PathEscapeError(target, 'a symbolic link took its place');
    }
    throw error;
  }
}

/** Opens a regular file at `file` for reading; refuses links in its last name, non-files and anything that turns out to be outside `root`. */
export async function openFileInside(root: string, file: string): Promise<OpenedFile> {
  const handle = await openNoFollow(file, O_RDONLY | O_NOCTTY);
  await verifyInside(handle, root, file);
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    throw Object.assign(new Error(`${file} is not a regular file`), { code: 'not-a-file' });
  }
  return { handle, size: info.size };
}

function asDirectory(handle: FileHandle, location: string): OpenedDirectory {
  return {
    handle,
    location,
    at: (name) => (DESCRIPTOR_PATHS ? throughDescriptor(handle.fd, name) : path.join(location, name)),
    self: () => (DESCRIPTOR_PATHS ? throughDescriptor(handle.fd) : location),
    close: () => handle.close(),
  };
}

const openDirectoryNoFollow = (dir: string) => openNoFollow(dir, O_RDONLY | O_DIRECTORY);

/**
 * Opens the folder `dir` (an absolute path inside `root`), verified inside `root`. With `create`,
 * missing folders are made one at a time, each inside its verified parent.
 */
export async function openDirectoryInside(
  root: string,
  dir: string,
  options: { create?: boolean } = {},
): Promise<OpenedDirectory> {
  let handle: FileHandle;
  try {
    handle = await openDirectoryNoFollow(dir);
  } catch (error) {
    const parentPath = path.dirname(dir);
    if (!options.create || codeOf(error) !== 'ENOENT' || parentPath === dir || !isInside(root, parentPath)) throw error;
    const parent = await openDirectoryInside(root, parentPath, options);
    try {
      const name = path.basename(dir);
      await mkdir(parent.at(name)).catch((e) => {
        if (codeOf(e) !== 'EEXIST') throw e;
      });
      handle = await openDirectoryNoFollow(parent.at(name));
    } finally {
      await parent.close();
    }
  }
  return asDirectory(handle, await verifyInside(handle, root, dir));
}
