import { open, readFile } from 'node:fs/promises';

/** The first `maxBytes` bytes of a file (fewer if it is shorter or shrank meanwhile); the whole file when omitted. */
export async function readHead(file: string, maxBytes?: number): Promise<Uint8Array> {
  if (maxBytes === undefined) return readFile(file);
  const buffer = new Uint8Array(maxBytes);
  const handle = await open(file, 'r');
  let read = 0;
  try {
    while (read < maxBytes) {
      const { bytesRead } = await handle.read(buffer, read, maxBytes - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return buffer.subarray(0, read);
}
