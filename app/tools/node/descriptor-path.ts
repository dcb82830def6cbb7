// Reaching a file through an open descriptor instead of its name. On Linux `/proc/self/fd/N`
// leads to exactly what descriptor N has open, and `/proc/self/fd/N/name` is `name` inside that
// folder (openat semantics), so a symbolic link swapped in meanwhile changes nothing. Elsewhere
// there is no such path: callers fall back to comparing device and inode numbers.
import { existsSync } from 'node:fs';
import { readlink } from 'node:fs/promises';

/** Whether this system reaches open descriptors by path (Linux with /proc mounted). */
export const DESCRIPTOR_PATHS: boolean = process.platform === 'linux' && existsSync('/proc/self/fd');

/** The path that reaches descriptor `fd` (a folder), or `name` inside it. Only where DESCRIPTOR_PATHS holds. */
export function throughDescriptor(fd: number, name?: string): string {
  return name === undefined ? `/proc/self/fd/${fd}` : `/proc/self/fd/${fd}/${name}`;
}

/** Where descriptor `fd` really is on disk (every link resolved), or undefined where the system cannot tell. */
export async function descriptorLocation(fd: number): Promise<string | undefined> {
  if (!DESCRIPTOR_PATHS) return undefined;
  return readlink(throughDescriptor(fd));
}
