// What .gitignore ignores, read through the workspace port (so the page's in-memory workspace
// answers the same as a disk), matched by the `ignore` library (git's own rules: negation,
// anchoring, folder-only patterns). The root .gitignore and .git/info/exclude; nested .gitignore
// files are read when a walk finds them.
import ignore, { type Ignore } from 'ignore';
import type { EntryKind, WorkspaceFiles, WorkspacePath } from '../workspace-port.js';

/** A .gitignore is read at most this far. */
const MAX_GITIGNORE_BYTES = 256 * 1024;

/** Answers whether a workspace-relative path is ignored (folders with kind 'directory'). */
export type IgnoreTest = (relative: string, kind: EntryKind) => boolean;

async function readText<P extends WorkspacePath>(files: WorkspaceFiles<P>, relative: string): Promise<string> {
  const target = await files.resolve(relative);
  if (!target.ok) return '';
  const info = await files.stat(target.path).catch(() => undefined);
  if (info?.kind !== 'file') return '';
  const bytes = await files.read(target.path, MAX_GITIGNORE_BYTES).catch(() => undefined);
  return bytes ? new TextDecoder().decode(bytes) : '';
}

/**
 * The workspace's ignore rules: the root `.gitignore` and `.git/info/exclude`, plus every nested
 * `.gitignore` under a folder named in `nested` (relative folder paths). No rules: nothing is ignored.
 */
export async function loadGitignore<P extends WorkspacePath>(
  files: WorkspaceFiles<P>,
  nested: readonly string[] = [],
): Promise<IgnoreTest> {
  const root = ignore()
    .add(await readText(files, '.gitignore'))
    .add(await readText(files, '.git/info/exclude'));
  const deeper: Array<{ folder: string; rules: Ignore }> = [];
  for (const folder of nested) {
    const text = await readText(files, `${folder}/.gitignore`);
    if (text.trim() !== '') deeper.push({ folder, rules: ignore().add(text) });
  }
  return (relative, kind) => {
    if (relative === '' || relative === '.') return false;
    const shown = kind === 'directory' ? `${relative}/` : relative;
    if (root.ignores(shown)) return true;
    for (const { folder, rules } of deeper) {
      if (shown.startsWith(`${folder}/`) && rules.ignores(shown.slice(folder.length + 1))) return true;
    }
    return false;
  };
}
