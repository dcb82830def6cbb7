// The git-ignored folders a command may change (build output, a virtualenv, caches): too large to
// record, so never restored, but never passed over in silence either. A checkpoint notes each such
// folder its walks leave out and takes a print of it — its own stat and its first entries' names,
// kinds, sizes and change stamps — before and after a command; a folder whose print moved is named
// by the step, and /undo says it could not restore it.
import type { WorkspaceFiles, WorkspacePath } from '../workspace-port.js';

/** Ignored folders noted at most; further ones are not looked at. */
export const MAX_NOTED_IGNORED_FOLDERS = 200;
/** Entries of one ignored folder that its print covers (one level, in name order). */
export const MAX_PRINTED_ENTRIES = 200;

/** The git-ignored folders of a workspace seen so far, and their prints. */
export interface IgnoredFolders {
  /** Notes a folder a walk left out because .gitignore ignores it. */
  note(relative: string): void;
  /** A print of each noted folder as it is now ("absent" when it is gone). */
  prints(): Promise<Map<string, string>>;
}

/** Tracks the ignored folders of `files`. */
export function trackIgnoredFolders<P extends WorkspacePath>(
  files: WorkspaceFiles<P>,
  skipDirectories: ReadonlySet<string>,
): IgnoredFolders {
  const noted = new Set<string>();
  async function print(relative: string): Promise<string> {
    const target = await files.resolve(relative);
    if (!target.ok) return 'absent';
    const info = await files.stat(target.path).catch(() => undefined);
    if (info === undefined) return 'absent';
    if (info.kind !== 'directory') return info.kind;
    const parts = [`${info.modifiedMs ?? ''}:${info.changedMs ?? ''}:${info.inode ?? ''}`];
    const options = { recursive: false, skipDirectories, withInfo: true };
    await files
      .walk(target.path, options, (entry) => {
        const i = entry.info;
        parts.push(
          `${entry.path.relative}|${entry.kind}|${i?.size ?? ''}|${i?.modifiedMs ?? ''}|${i?.changedMs ?? ''}|${i?.inode ?? ''}`,
        );
        return parts.length <= MAX_PRINTED_ENTRIES;
      })
      .catch(() => parts.push('unreadable'));
    return parts.join('\n');
  }
  return {
    note(relative) {
      if (noted.size < MAX_NOTED_IGNORED_FOLDERS) noted.add(relative);
    },
    async prints() {
      const out = new Map<string, string>();
      for (const relative of [...noted].sort()) out.set(relative, await print(relative));
      return out;
    },
  };
}

/** The folders whose print differs between `before` and `after` (one that appeared counts). */
export function changedFolders(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  return [...after].filter(([folder, print]) => (before.get(folder) ?? 'absent') !== print).map(([folder]) => folder);
}
