// Checkpointed contents on disk, one file per content key, in a folder outside the workspace
// (the session's folder): created private to the user, each content written once.
import { constants, mkdirSync, readdirSync } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CheckpointStore } from '../checkpoints/checkpoint-store.js';

/** A stored content larger than this is not read back (checkpoints record files of at most a few MiB). */
const MAX_STORED_BYTES = 64 * 1024 * 1024;

/** A store in `folder` (created when missing); contents already there are reused. */
export function createDiskCheckpointStore(folder: string): CheckpointStore {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // Only names of a content key's shape: the folder also holds the steps' journal (steps.json).
  const keys = new Set(readdirSync(folder).filter((name) => /^[0-9a-z]+-[0-9a-z]+$/.test(name)));
  const file = (key: string) => path.join(folder, key.replace(/[^a-z0-9-]/g, '_'));
  return {
    has: (key) => keys.has(key),
    async put(key, content) {
      await writeFile(file(key), content, { mode: 0o600 });
      keys.add(key);
    },
    async get(key) {
      // A resumed session's folder is data: never follow a link or wait on a FIFO put there.
      const handle = await open(file(key), constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW).catch(
        () => undefined,
      );
      if (!handle) return undefined;
      try {
        const info = await handle.stat();
        if (!info.isFile() || info.size > MAX_STORED_BYTES) return undefined;
        return await handle.readFile('utf8');
      } catch {
        return undefined;
      } finally {
        await handle.close();
      }
    },
  };
}
