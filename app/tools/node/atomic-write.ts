import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/**
 * Writes a file so that readers see either the old content or the new, never half of it: a temp
 * file in the same folder, then a rename over the target. Creates missing folders; keeps the
 * mode of a file it replaces. Returns whether the file existed before.
 */
export async function writeFileAtomically(target: string, content: string): Promise<{ created: boolean }> {
  const dir = path.dirname(target);
  await mkdir(dir, { recursive: true });
  const before = await stat(target).catch(() => undefined);
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, content, { flag: 'wx' });
    if (before) await chmod(temp, before.mode & 0o7777);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return { created: !before };
}
