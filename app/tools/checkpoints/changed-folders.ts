// The files a checkpoint looks at when the workspace said which folders changed (a disk's folder
// watches): each changed folder's own entries, plus every recorded file that must be gone — in a
// changed folder and no longer listed there, or below a subfolder its changed parent no longer lists.
import type { EntryKind, PathInfo, WalkOptions, WorkspaceFiles, WorkspacePath } from '../workspace-port.js';

/** A file as a walk found it: its path, and its stat when the walk gave one. */
export interface Walked<P extends WorkspacePath> {
  path: P;
  info?: PathInfo;
}

/** Files to look at: found ones with their walk, vanished known ones with none. */
export type LookList<P extends WorkspacePath> = Array<[string, Walked<P> | undefined]>;

const parentOf = (relative: string) => {
  const slash = relative.lastIndexOf('/');
  return slash === -1 ? '.' : relative.slice(0, slash);
};

/**
 * Lists each of `folders` (relative, '.' for the root) one level deep, and names the `known` files
 * that are gone from them. A known file below an unchanged subfolder is not looked at.
 */
export async function filesInChangedFolders<P extends WorkspacePath>(
  files: WorkspaceFiles<P>,
  folders: ReadonlySet<string>,
  rules: Pick<WalkOptions, 'skipDirectories' | 'skip'>,
  known: Iterable<string>,
  /** Told each folder the listings found (relative). */
  onFolder?: (relative: string) => void,
): Promise<LookList<P>> {
  const found = new Map<string, Walked<P>>();
  /** Each changed folder's entries by name, with what each is now. */
  const listed = new Map<string, Map<string, EntryKind>>();
  for (const folder of [...folders].sort()) {
    const names = new Map<string, EntryKind>();
    listed.set(folder, names);
    const start = await files.resolve(folder);
    if (!start.ok) continue;
    const options = { ...rules, recursive: false, withInfo: true };
    await files.walk(start.path, options, (entry: { path: P; kind: EntryKind; info?: PathInfo }) => {
      const relative = entry.path.relative;
      names.set(relative.slice(relative.lastIndexOf('/') + 1), entry.kind);
      if (entry.kind === 'file') found.set(relative, { path: entry.path, info: entry.info });
      else if (entry.kind === 'directory') onFolder?.(relative);
    });
  }
  const out: LookList<P> = [...found];
  for (const relative of known) {
    if (found.has(relative) || !goneFrom(relative, listed)) continue;
    out.push([relative, undefined]);
  }
  return out;
}

/**
 * Whether a changed folder above `relative` shows it gone: not found in its own folder, or a
 * folder on its way no longer listed as a folder (removed, renamed, or a link now: never entered).
 */
function goneFrom(relative: string, listed: ReadonlyMap<string, ReadonlyMap<string, EntryKind>>): boolean {
  let below = relative;
  let folder = parentOf(relative);
  for (;;) {
    const names = listed.get(folder);
    // A file in a changed folder that the listing did not find as a file (gone, or now a folder).
    if (names !== undefined && below === relative) return true;
    if (names !== undefined && names.get(below.slice(below.lastIndexOf('/') + 1)) !== 'directory') return true;
    if (folder === '.') return false;
    below = folder;
    folder = parentOf(folder);
  }
}
