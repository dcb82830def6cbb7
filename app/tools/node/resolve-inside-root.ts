// Where a model-given path really leads on disk, refused unless it stays inside the root: `..`,
// absolute paths elsewhere, links that point out (or at nothing), NUL bytes and link loops.
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { PathRefusal } from '../workspace-port.js';
import { outsideWorkspace, unresolvablePath } from '../result-sentences.js';

/** A path inside the workspace, as the Node adapter reaches it. */
export interface NodePath {
  /** Relative to the root, forward slashes; '.' for the root itself. */
  readonly relative: string;
  /** Absolute path inside the root, as the model named it (links not resolved): what listings show. */
  readonly absolute: string;
  /**
   * Where the path really is (links resolved as far as the path exists, the missing rest
   * appended), inside the root when resolved: reads, writes and walks go here, each through a
   * descriptor verified inside the root again when it is used. Writing here keeps links links.
   */
  readonly real: string;
}

/** Inside `root` or the root itself; only a `..` segment leaves (a name like "..notes" is inside). */
export function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  // Stryker disable next-line ConditionalExpression,StringLiteral: '' (the root itself) passes the checks after it too; the test only says so first
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

function isMissing(error: unknown): boolean {
  // Stryker disable next-line OptionalChaining: realpath and lstat reject only with Error objects; the ?. guards a future caller
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Resolves `requested` against `realRoot` (symlink-free). `givenRoot` is the root as the user
 * spelled it, so an absolute path written with it is still inside.
 */
export async function resolveInsideRoot(
  realRoot: string,
  givenRoot: string,
  requested: string,
): Promise<{ ok: true; path: NodePath } | PathRefusal> {
  const refuse = (reason: string) => ({ ok: false as const, error: outsideWorkspace(requested, reason) });
  if (requested.includes('\0')) return refuse('contains a NUL character');
  let absolute = path.resolve(realRoot, requested.trim());
  if (!isInside(realRoot, absolute) && isInside(givenRoot, absolute))
    absolute = path.join(realRoot, path.relative(givenRoot, absolute));
  if (!isInside(realRoot, absolute)) return refuse('is outside the workspace');
  // The nearest ancestor that exists decides where the path really leads.
  let probe = absolute;
  let realTarget = absolute;
  for (;;) {
    try {
      const real = await realpath(probe);
      if (!isInside(realRoot, real)) return refuse('leads outside the workspace through a symbolic link');
      realTarget = path.join(real, path.relative(probe, absolute));
      break;
    } catch (error) {
      if (!isMissing(error)) {
        // A link loop or a folder we may not enter: nothing safe can be said about where it leads.
        return { ok: false, error: unresolvablePath(requested, (error as Error).message) };
      }
      // A link whose target is missing could be followed by a later write: refuse it outright.
      const link = await lstat(probe).catch(() => undefined);
      if (link?.isSymbolicLink()) return refuse('is a symbolic link to a missing target');
      const parent = path.dirname(probe);
      // Stryker disable next-line ConditionalExpression: '/' always exists, so realpath succeeds at the latest there; this only guards a vanished filesystem root
      if (parent === probe) break;
      probe = parent;
    }
  }
  const relative = displayPath(realRoot, absolute);
  return { ok: true, path: { relative, absolute, real: realTarget } };
}

/** An absolute path inside the root as the model sees it: relative, forward slashes, '.' for the root. */
export function displayPath(realRoot: string, absolute: string): string {
  return path.relative(realRoot, absolute).split(path.sep).join('/') || '.';
}
