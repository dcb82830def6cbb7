import { openFileInside } from './open-inside.js';

/**
 * The first `maxBytes` bytes of the regular file at `file` (fewer if it is shorter or shrank
 * meanwhile), read through a descriptor verified inside `root`: a link in its last name, a
 * FIFO or a path that leads outside by the time it is opened is refused, never read.
 */
export async function readHead(root: string, file: string, maxBytes: number): Promise<Uint8Array> {
  const { handle, size } = await openFileInside(root, file);
  try {
    const buffer = new Uint8Array(Math.min(maxBytes, size));
    let read = 0;
    while (read < buffer.length) {
      const { bytesRead } = await handle.read(buffer, read, buffer.length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return buffer.subarray(0, read);
  } finally {
    await handle.close();
  }
}
