import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { toolError } from './tool-types.js';

/** A folder the tools may touch; every path a model gives is resolved inside it or refused. */
export interface Workspace {
  /** The real (symlink-free) absolute root. */
  readonly root: string;
  /** Resolves a model-given path; refuses anything that is, or leads through a symlink to, a place outside the root. */
  resolve(requested: string): Promise<ResolvedPath | { ok: false; error: ReturnType<typeof toolError> }>;
  /** The path as the model should see it: relative to the root, with forward slashes. */
  display(absolute: string): string;
}

export interface ResolvedPath {
  ok: true;
  /** Absolute path inside the root (not symlink-resolved, so writes replace a link rather than follow it). */
  absolute: string;
  /** Relative to the root, forward slashes; '.' for the root itself. */
  relative: string;
  /** Where an existing path really is (symlinks resolved, still inside the root): writes go here so links stay links. */
  real?: string;
}

function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  // Only a `..` segment leaves: a name that merely starts with two dots ("..notes") is inside.
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Opens a workspace at `root` (which must exist). */
export async function openWorkspace(root: string): Promise<Workspace> {
  const givenRoot = path.resolve(root);
  const realRoot = await realpath(givenRoot);
  const display = (absolute: string) => path.relative(realRoot, absolute).split(path.sep).join('/') || '.';

  async function resolve(requested: string): Promise<ResolvedPath | { ok: false; error: ReturnType<typeof toolError> }> {
    const refuse = (why: string) => ({ ok: false as const, error: toolError('outside-workspace', `"${requested}" ${why}; only paths inside the workspace are allowed.`) });
    if (requested.includes('\0')) return refuse('contains a NUL character');
    let absolute = path.resolve(realRoot, requested.trim());
    // An absolute path spelled with the root as the user gave it (before symlinks) is still inside.
    if (!isInside(realRoot, absolute) && isInside(givenRoot, absolute)) absolute = path.join(realRoot, path.relative(givenRoot, absolute));
    if (!isInside(realRoot, absolute)) return refuse('is outside the workspace');
    // The nearest ancestor that exists decides where the path really leads.
    let probe = absolute;
    let realTarget: string | undefined;
    for (;;) {
      try {
        const real = await realpath(probe);
        if (!isInside(realRoot, real)) return refuse('leads outside the workspace through a symbolic link');
        if (probe === absolute) realTarget = real;
        break;
      } catch (error) {
        if (!isMissing(error)) {
          // A link loop or a folder we may not enter: nothing safe can be said about where it leads.
          return { ok: false as const, error: toolError('io-error', `Cannot resolve "${requested}": ${(error as Error).message}`) };
        }
        // A link whose target is missing could be followed by a later write: refuse it outright.
        const link = await lstat(probe).catch(() => undefined);
        if (link?.isSymbolicLink()) return refuse('is a symbolic link to a missing target');
        const parent = path.dirname(probe);
        if (parent === probe) break;
        probe = parent;
      }
    }
    return { ok: true, absolute, relative: display(absolute), ...(realTarget !== undefined && realTarget !== absolute ? { real: realTarget } : {}) };
  }

  return { root: realRoot, resolve, display };
}
