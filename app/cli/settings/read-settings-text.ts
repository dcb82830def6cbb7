// A settings file's text, read so that start-up can never hang on it or fill memory with it: opened
// without blocking (O_NONBLOCK: a FIFO is not waited on), refused unless it is a regular file
// (FIFO, device, socket, folder), and refused above MAX_SETTINGS_BYTES rather than read whole.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** The largest settings file read (a settings file is a few kilobytes). */
export const MAX_SETTINGS_BYTES = 1024 * 1024;

/** What reading a settings file gave: its text, missing, or why it was refused. */
export type SettingsText = { ok: true; text: string } | { ok: false; missing: boolean; message: string };

function kindOf(info: ReturnType<typeof fstatSync>): string {
  if (info.isFIFO()) return 'a FIFO';
  if (info.isDirectory()) return 'a folder';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** Reads `file` (a settings file) without blocking and at most MAX_SETTINGS_BYTES. */
export function readSettingsText(file: string): SettingsText {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      ok: false,
      missing: code === 'ENOENT',
      message: `${file}: cannot read it (${code ?? (error as Error).message}).`,
    };
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile())
      return { ok: false, missing: false, message: `${file}: not read: it is ${kindOf(info)}, not a regular file.` };
    if (info.size > MAX_SETTINGS_BYTES)
      return {
        ok: false,
        missing: false,
        message: `${file}: not read: ${info.size} bytes, over the ${MAX_SETTINGS_BYTES}-byte limit for a settings file.`,
      };
    const buffer = Buffer.alloc(info.size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return { ok: true, text: buffer.subarray(0, read).toString('utf8') };
  } finally {
    closeSync(fd);
  }
}
