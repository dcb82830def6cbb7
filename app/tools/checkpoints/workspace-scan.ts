// What checkpoints know of the workspace and how they look at it: each file's last state (its
// content recorded in the store when new or changed), the folders that exist, the git-ignored
// folders and files a command's walk meets, and the change feed that narrows later walks.
import { loadGitignore, type IgnoreTest } from '../files/gitignore-rules.js';
import { IGNORED_DIRECTORIES } from '../files/list-files.js';
import type { ChangeFeed, EntryKind, WorkspaceFiles, WorkspacePath } from '../workspace-port.js';
import { filesInChangedFolders, type LookList, type Walked } from './changed-folders.js';
import { contentKey, type CheckpointStore } from './checkpoint-store.js';
import { type FileChange, type FileState, MAX_IGNORED_FILES, type StepScope } from './checkpoint-types.js';
import { racy, sameState, unchangedSince } from './file-states.js';
import { trackIgnoredFolders } from './ignored-folders.js';

/** Files looked at together (their stat calls overlap). */
const LOOK_BATCH = 64;

/** Ignore answers kept at most (a name each). */
const MAX_REMEMBERED_ANSWERS = 200_000;

/** One session's view of the workspace; its parts change as the steps look. */
export interface WorkspaceScan<P extends WorkspacePath> {
  readonly files: WorkspaceFiles<P>;
  readonly store: CheckpointStore;
  readonly maxFileBytes: number;
  readonly maxSessionBytes: number;
  /** Hear which folders change and look only there after the first step. */
  readonly watch: boolean;
  /** Bytes of content recorded so far. */
  recorded: number;
  /** What not to record: undefined until the workspace's .gitignore is read (at the first step). */
  ignored: IgnoreTest | undefined;
  /** What each file was when last looked at. */
  readonly known: Map<string, FileState>;
  /** Folders known to exist (relative): from walks, listings and the known files' paths. */
  readonly folders: Set<string>;
  readonly ignoredFolders: ReturnType<typeof trackIgnoredFolders>;
  /** The git-ignored files a command's walks record (the first `MAX_IGNORED_FILES`). */
  readonly ignoredFiles: Set<string>;
  /** The port's change feed: null until the first command step starts it, undefined where there is none. */
  feed: ChangeFeed | undefined | null;
}

/** A view that knows nothing yet. */
export function createWorkspaceScan<P extends WorkspacePath>(setup: {
  files: WorkspaceFiles<P>;
  store: CheckpointStore;
  maxFileBytes: number;
  maxSessionBytes: number;
  watch: boolean;
  recorded: number;
  ignored: IgnoreTest | undefined;
}): WorkspaceScan<P> {
  return {
    ...setup,
    known: new Map(),
    folders: new Set(),
    ignoredFolders: trackIgnoredFolders(setup.files, IGNORED_DIRECTORIES),
    ignoredFiles: new Set(),
    feed: null,
  };
}

/** The ignore test with its answers kept: the rules are read once per session, so an answer never changes. */
function remembered(test: IgnoreTest): IgnoreTest {
  const answers = new Map<string, boolean>();
  return (relative, kind) => {
    const key = kind === 'directory' ? `${relative}/` : relative;
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = test(relative, kind);
      // Bounded: a workspace with more names than this asks the rules again.
      if (answers.size >= MAX_REMEMBERED_ANSWERS) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}

const rules = async <P extends WorkspacePath>(scan: WorkspaceScan<P>) =>
  (scan.ignored ??= remembered(await loadGitignore(scan.files)));

/**
 * What a command's walk leaves out: ignored folders (noted, to name them when they change) and
 * ignored files past the first `MAX_IGNORED_FILES`; the first ones are recorded like any file.
 */
async function walkSkip<P extends WorkspacePath>(
  scan: WorkspaceScan<P>,
): Promise<(relative: string, kind: EntryKind) => boolean> {
  const test = await rules(scan);
  const { ignoredFiles } = scan;
  return (relative, kind) => {
    if (!test(relative, kind)) return false;
    if (kind === 'directory') {
      scan.ignoredFolders.note(relative);
      return true;
    }
    if (ignoredFiles.has(relative)) return false;
    if (ignoredFiles.size >= MAX_IGNORED_FILES) return true;
    ignoredFiles.add(relative);
    return false;
  };
}

/** The file's state now; its content recorded when it is new or changed since `previous`. */
export async function lookAtFile<P extends WorkspacePath>(
  scan: WorkspaceScan<P>,
  relative: string,
  previous: FileState | undefined,
  walked?: Walked<P>,
  lookedFrom = Date.now(),
): Promise<FileState | undefined> {
  const { files, store, maxFileBytes } = scan;
  const target = walked ? { ok: true as const, path: walked.path } : await files.resolve(relative);
  if (!target.ok) return undefined;
  const info = walked?.info ?? (await files.stat(target.path).catch(() => undefined));
  if (info?.kind !== 'file') return undefined;
  if (unchangedSince(previous, info)) return previous;
  const state: FileState = {
    size: info.size,
    ...(info.modifiedMs !== undefined ? { modifiedMs: info.modifiedMs } : {}),
    ...(info.changedMs !== undefined ? { changedMs: info.changedMs } : {}),
    ...(info.inode !== undefined ? { inode: info.inode } : {}),
    ...(racy(info, lookedFrom) ? { racy: true as const } : {}),
  };
  if (info.size > maxFileBytes) return { ...state, uncovered: 'too-large' };
  const bytes = await files.read(target.path, maxFileBytes + 1).catch(() => undefined);
  if (!bytes || bytes.length > maxFileBytes) return { ...state, uncovered: bytes ? 'too-large' : 'unreadable' };
  let content: string;
  try {
    content = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { ...state, uncovered: 'binary' };
  }
  if (content.includes('\0')) return { ...state, uncovered: 'binary' };
  const key = contentKey(content, bytes.length);
  if (!store.has(key)) {
    if (scan.recorded + bytes.length > scan.maxSessionBytes)
      return { ...state, size: bytes.length, uncovered: 'session-limit' };
    await store.put(key, content);
    scan.recorded += bytes.length;
  }
  return { ...state, size: bytes.length, key };
}

/** Every recordable file of the workspace, with the path (and stat, where the port gives it) the walk found: one pass. */
async function allFiles<P extends WorkspacePath>(scan: WorkspaceScan<P>): Promise<Map<string, Walked<P>>> {
  const skip = await walkSkip(scan);
  const root = await scan.files.resolve('.');
  const found = new Map<string, Walked<P>>();
  if (!root.ok) return found;
  const options = { recursive: true, skipDirectories: IGNORED_DIRECTORIES, skip, withInfo: true };
  await scan.files.walk(root.path, options, (entry) => {
    if (entry.kind === 'file') found.set(entry.path.relative, { path: entry.path, info: entry.info });
    else if (entry.kind === 'directory') scan.folders.add(entry.path.relative);
  });
  return found;
}

/** The folders changed since the last look, once the first full look is done; undefined: look everywhere. */
async function changedFolders<P extends WorkspacePath>(
  scan: WorkspaceScan<P>,
): Promise<ReadonlySet<string> | undefined> {
  if (!scan.watch) return undefined;
  if (scan.feed === null) {
    // Started before the first full look, so nothing between the two goes unheard.
    const test = await rules(scan);
    scan.feed = await scan.files
      .watchChanges?.({ skipDirectories: IGNORED_DIRECTORIES, skip: test })
      .catch(() => undefined);
    return undefined;
  }
  return scan.feed?.take();
}

/** The files to look at for a step's scope, with what the walk found of them. */
async function pathsOf<P extends WorkspacePath>(scan: WorkspaceScan<P>, scope: StepScope): Promise<LookList<P>> {
  const { files, known } = scan;
  if (scope === 'workspace') {
    const changed = await changedFolders(scan);
    if (changed !== undefined) {
      const skip = await walkSkip(scan);
      return filesInChangedFolders(files, changed, { skipDirectories: IGNORED_DIRECTORIES, skip }, known.keys(), (f) =>
        scan.folders.add(f),
      );
    }
    const now: LookList<P> = [...(await allFiles(scan))];
    // Known files that are gone count too (deleted since).
    const seen = new Set(now.map(([relative]) => relative));
    for (const path of known.keys()) if (!seen.has(path)) now.push([path, undefined]);
    return now;
  }
  // A file the step names is recorded even when .gitignore ignores it (a .env the agent rewrites
  // must come back on /undo); only whole-workspace walks leave ignored files out, to stay bounded.
  const out: LookList<P> = [];
  for (const requested of scope.paths) {
    const target = await files.resolve(requested);
    if (!target.ok) continue;
    const relative = target.path.relative;
    if (!relative.split('/').some((part) => IGNORED_DIRECTORIES.has(part))) out.push([relative, { path: target.path }]);
  }
  return out;
}

/** Notes the folders on the way to a known file. */
function noteFoldersOf<P extends WorkspacePath>(scan: WorkspaceScan<P>, relative: string): void {
  for (let at = relative.lastIndexOf('/'); at > 0; at = relative.lastIndexOf('/', at - 1))
    scan.folders.add(relative.slice(0, at));
}

/** Brings `known` up to date for the scope; returns the files whose state moved. */
export async function refresh<P extends WorkspacePath>(
  scan: WorkspaceScan<P>,
  scope: StepScope,
): Promise<FileChange[]> {
  const { known } = scan;
  const changes: FileChange[] = [];
  const lookedFrom = Date.now();
  // The files the walk's stat shows unchanged are settled at once (no promise each); the rest are looked at.
  const paths = (await pathsOf(scan, scope)).filter(
    ([path, walked]) => !(walked?.info && unchangedSince(known.get(path), walked.info)),
  );
  // A few at a time: stat calls overlap, the order of the changes stays the walk's.
  for (let at = 0; at < paths.length; at += LOOK_BATCH) {
    const batch = paths.slice(at, at + LOOK_BATCH);
    const states = await Promise.all(
      batch.map(([path, walked]) => lookAtFile(scan, path, known.get(path), walked, lookedFrom)),
    );
    batch.forEach(([path], i) => {
      const previous = known.get(path);
      const now = states[i];
      if (now === undefined) known.delete(path);
      else {
        known.set(path, now);
        noteFoldersOf(scan, path);
      }
      if (!sameState(previous, now)) changes.push({ path, before: previous, after: now });
    });
  }
  return changes;
}

/** Which folders on the way to the named paths exist now (a write names its file, and its folders may be new). */
export async function lookAtFoldersOf<P extends WorkspacePath>(
  scan: WorkspaceScan<P>,
  paths: readonly string[],
): Promise<void> {
  const { files, folders } = scan;
  for (const requested of paths) {
    const target = await files.resolve(requested);
    if (!target.ok) continue;
    const relative = target.path.relative;
    for (let at = relative.lastIndexOf('/'); at > 0; at = relative.lastIndexOf('/', at - 1)) {
      const folder = relative.slice(0, at);
      const there = await files.resolve(folder);
      const info = there.ok ? await files.stat(there.path).catch(() => undefined) : undefined;
      if (info?.kind === 'directory') folders.add(folder);
      else folders.delete(folder);
    }
  }
}
