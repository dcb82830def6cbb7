// The port the shared tools run over: a few file operations and a command runner. The Node
// adapter (app/tools/node/) puts them on disk, the in-memory adapter (app/tools/memory/) in a map
// for the web page. Nothing here may import a node module: the page imports these files.
import type { ToolErrorResult } from './tool-types.js';

/** A path the workspace resolved and allowed; adapters add what they need to reach it. */
export interface WorkspacePath {
  /** The path as the model sees it: relative to the workspace root, forward slashes, '.' for the root. */
  readonly relative: string;
}

/** What a path is: a link is reported as such by a walk, never entered. */
export type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

/** What `stat` says about an existing path (links followed, as far as they stay inside). */
export interface PathInfo {
  kind: Exclude<EntryKind, 'symlink'>;
  /** Size in bytes (files). */
  size: number;
  /** When its content last changed (ms), where the storage knows; checkpoints read a file again only when this, the size, `changedMs` or `inode` moved. */
  modifiedMs?: number;
  /** When its metadata last changed (ms; a disk's ctime, which no program can set back), where the storage knows. */
  changedMs?: number;
  /** The file's number on its storage, where it has one (a rename over it gives a new one). */
  inode?: number;
}

/** One entry a walk visits. */
export interface WalkEntry<P extends WorkspacePath> {
  path: P;
  kind: EntryKind;
  /** A file's size and change times, when the walk was asked for them (`withInfo`) and could read them. */
  info?: PathInfo;
}

export interface WalkOptions {
  recursive: boolean;
  /** Folder names never listed nor entered (node_modules, .git). */
  skipDirectories: ReadonlySet<string>;
  /** Entries left out (a folder: not entered either), e.g. what .gitignore ignores. */
  skip?: (relative: string, kind: EntryKind) => boolean;
  /**
   * Files come with their `info`, read as their folder is listed: one pass instead of a walk and a
   * `stat` per file (the checkpoints of a command look at every file twice per step).
   */
  withInfo?: boolean;
  signal?: AbortSignal;
}

/** A path refused (outside the workspace, or unresolvable), as the result the model reads. */
export type PathRefusal = { ok: false; error: ToolErrorResult };

/**
 * The file side of a workspace. `resolve` is the only way to a `P`, so every operation acts on a
 * path the workspace allowed. An adapter whose storage can change between `resolve` and use
 * (a disk another process writes to) checks the path again as it uses it. Operations other than
 * `resolve` and `stat` reject with an Error when the storage fails — with `code:
 * 'outside-workspace'` when the path turned out to lead outside by then; the tools turn that into
 * an error result.
 */
export interface WorkspaceFiles<P extends WorkspacePath> {
  /** A model-given path, allowed (inside the workspace) or refused with a coded error result. */
  resolve(requested: string): Promise<{ ok: true; path: P } | PathRefusal>;
  /** What the path is, or undefined when nothing is there. */
  stat(path: P): Promise<PathInfo | undefined>;
  /** The file's bytes, at most `maxBytes` of them from its start: no read is unbounded. */
  read(path: P, maxBytes: number): Promise<Uint8Array>;
  /** Replaces (or creates, with missing folders) the file so readers see old or new content, never half. */
  writeAtomically(path: P, content: string): Promise<{ created: boolean }>;
  /**
   * Visits the entries below a folder depth first, each folder's entries in name order before
   * its subfolders; links are reported, never followed. Stops when `visit` returns false or
   * the signal aborts. Folders it cannot read are skipped; it rejects only when `start` itself
   * turned out to lead outside.
   */
  walk(start: P, options: WalkOptions, visit: (entry: WalkEntry<P>) => boolean | void): Promise<void>;
  /** Deletes a file (undo of a file the agent created); adapters that cannot delete leave it out. */
  remove?(path: P): Promise<void>;
  /**
   * Deletes a folder if it is empty (undo of a folder the agent's step created); resolves false
   * when it is not empty or not there. Adapters whose folders exist only through their files leave it out.
   */
  removeEmptyFolder?(path: P): Promise<boolean>;
  /**
   * Starts hearing which folders change (a disk's inotify), so a checkpoint looks only there
   * instead of at every file; undefined where the storage cannot tell (then every file is looked at).
   */
  watchChanges?(options: Pick<WalkOptions, 'skipDirectories' | 'skip'>): Promise<ChangeFeed | undefined>;
}

/** The folders where entries changed, as the storage reported them. */
export interface ChangeFeed {
  /**
   * The folders (relative, '.' for the root) whose entries changed since the last call, once every
   * change made before the call has been heard; undefined when the feed cannot vouch for that
   * (a watch failed, or so many changes came that some may have been dropped): look everywhere.
   */
  take(): Promise<ReadonlySet<string> | undefined>;
  /** Stops hearing. */
  close(): void;
}

/** One command to run in the workspace, with the limits the tool settled on. */
export interface CommandRequest {
  command: string;
  timeoutMs: number;
  /** Output kept, stdout and stderr together. */
  maxOutputBytes: number;
  signal: AbortSignal;
  /**
   * Called with the output as it arrives (stdout and stderr as they interleave, decoded as
   * UTF-8), for a live view; not capped — the outcome's `output` is what the model reads. Every
   * runner should call it; a runner that cannot stream may call it once with the whole output.
   */
  onOutput?: (text: string) => void;
}

/**
 * How a command ended; the tool words it for the model. `notes` are sentences a runner adds about
 * the run (a sandbox limit the command hit, the disk it filled), shown after the status.
 */
export type CommandOutcome =
  | { kind: 'exited'; code: number | null; signal: string | null; output: string; notes?: readonly string[] }
  | { kind: 'timeout'; output: string; notes?: readonly string[] }
  | { kind: 'aborted'; output: string; notes?: readonly string[] }
  | { kind: 'spawn-error'; message: string }
  /** An emulated command (no process ran): its output is the whole result. */
  | { kind: 'emulated'; output: string }
  /** The runner would not or could not run it; the error result says why. */
  | { kind: 'refused'; error: ToolErrorResult };

/** The command side of a workspace: kept apart so a sandboxed runner can replace it. */
export interface CommandRunner {
  run(request: CommandRequest): Promise<CommandOutcome>;
}

/** The whole port: files and commands. */
export interface Workspace<P extends WorkspacePath = WorkspacePath> {
  files: WorkspaceFiles<P>;
  commands: CommandRunner;
}
