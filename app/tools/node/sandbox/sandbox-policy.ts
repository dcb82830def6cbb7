// What a sandboxed command may not see, gathered from the machine the CLI runs on: home folders,
// runtime sockets, temp folders, the CLI's own folder (where a `.env` may hold the key), files
// named by secret-looking variables, and — when the CLI runs as root, for whom file permissions
// protect nothing — every file and folder under /etc and /var that only its owner may read.
import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SandboxPolicy } from './bubblewrap-args.js';
import { sandboxEnvironment } from './sandbox-environment.js';
import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from './sandbox-limits.js';

export interface SandboxPolicyInput {
  /** The workspace root (made real here). */
  workspace: string;
  allowNetwork: boolean;
  /** The CLI's environment: HOME, the allow-listed variables, and secret-looking variables naming files. */
  env: Readonly<Record<string, string | undefined>>;
  /** The CLI's working folder: hidden unless it is or lies inside the workspace. */
  cwd: string;
  /** Whether the CLI runs as root; then root-only files under /etc and /var are hidden too. */
  runningAsRoot: boolean;
  /** The Node installation running the CLI (bound back read-only if it lies in a hidden folder). */
  nodeInstallation?: string;
  /** Most entries looked at per scanned tree when running as root. */
  scanLimit?: number;
  /** Leave the workspace's `.git` writable (read-only by default: git runs its hooks and config later, unsandboxed). */
  gitWritable?: boolean;
  /** Processes, memory, tmpfs and file sizes; DEFAULT_SANDBOX_LIMITS for what is not given. */
  limits?: Partial<SandboxLimits>;
}

/** Folders hidden whenever they exist. */
const ALWAYS_HIDDEN = ['/root', '/home', '/run', '/var/run', '/tmp', '/var/tmp', '/mnt', '/media'];
/** Never hidden as "the CLI's folder": hiding them would break the sandbox itself. */
const SYSTEM_FOLDERS = [
  '/',
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/etc',
  '/var',
  '/opt',
  '/proc',
  '/sys',
  '/dev',
];
/** Scanned for root-only entries when the CLI runs as root. */
const ROOT_SCANNED = ['/etc', '/var'];
/** A variable whose name looks like this and whose value is an existing absolute path has that path hidden. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH|KUBECONFIG|NETRC/i;
const DEFAULT_SCAN_LIMIT = 20_000;

const isInside = (child: string, parent: string) =>
  parent === '/' || child === parent || child.startsWith(`${parent}/`);

async function realDirectory(p: string): Promise<string | undefined> {
  try {
    const real = await realpath(p);
    return (await stat(real)).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

/** The policy for commands in `input.workspace`. Rejects when the workspace is not a folder or is '/'. */
export async function buildSandboxPolicy(input: SandboxPolicyInput): Promise<SandboxPolicy> {
  const workspace = await realDirectory(input.workspace);
  if (!workspace || workspace === '/')
    throw new Error(`the workspace ${input.workspace} cannot be sandboxed (not a folder, or the whole file system)`);
  const home = input.env.HOME && path.isAbsolute(input.env.HOME) ? input.env.HOME : '/root';

  const hidden = new Set<string>();
  const hiddenFiles = new Set<string>();
  for (const dir of [home, ...ALWAYS_HIDDEN]) {
    const real = await realDirectory(dir);
    if (real && !SYSTEM_FOLDERS.includes(real)) hidden.add(real);
  }
  const cwd = await realDirectory(input.cwd);
  if (cwd && !isInside(cwd, workspace) && !SYSTEM_FOLDERS.some((s) => isInside(s, cwd))) hidden.add(cwd);

  for (const [name, value] of Object.entries(input.env)) {
    if (!value || !SECRET_NAME.test(name) || !path.isAbsolute(value)) continue;
    await addHidden(value, hidden, hiddenFiles);
  }
  if (input.runningAsRoot) {
    for (const root of ROOT_SCANNED)
      await scanRootOnly(root, input.scanLimit ?? DEFAULT_SCAN_LIMIT, hidden, hiddenFiles);
  }

  const keptPaths: string[] = [];
  const keep = async (p: string | undefined) => {
    if (!p) return;
    const real = await realpath(p).catch(() => undefined);
    if (real && [...hidden].some((h) => isInside(real, h)) && !isInside(real, workspace)) keptPaths.push(real);
  };
  await keep(input.nodeInstallation);
  if (input.allowNetwork) for (const f of ['/etc/resolv.conf', '/etc/hosts']) await keep(f);

  return {
    workspace,
    allowNetwork: input.allowNetwork,
    hiddenDirectories: [...hidden].sort(),
    hiddenFiles: [...hiddenFiles]
      .filter((f) => ![...hidden].some((h) => isInside(f, h) && !isInside(f, workspace)))
      .sort(),
    keptPaths,
    env: sandboxEnvironment(input.env, home),
    readOnlyInWorkspace: input.gitWritable ? [] : await gitMetadataPaths(workspace),
    protectGit: input.gitWritable !== true,
    limits: { ...DEFAULT_SANDBOX_LIMITS, ...definedOnly(input.limits ?? {}) },
  };
}

/** The given limits without the keys set to undefined (which would hide a default). */
function definedOnly(limits: Partial<SandboxLimits>): Partial<SandboxLimits> {
  return Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)) as Partial<SandboxLimits>;
}

/**
 * The workspace's git metadata that lies inside it: `.git` when it is a folder; when it is a file
 * (a worktree, a submodule), the file and the folders its `gitdir:` line and that folder's
 * `commondir` name. What lies outside the workspace is read-only (or hidden) in the sandbox anyway.
 */
export async function gitMetadataPaths(workspace: string): Promise<string[]> {
  const dotGit = path.join(workspace, '.git');
  const info = await lstat(dotGit).catch(() => undefined);
  if (!info) return [];
  const found = new Set<string>();
  const addReal = async (p: string) => {
    const real = await realpath(p).catch(() => undefined);
    if (real) found.add(real);
    return real;
  };
  if (info.isDirectory()) found.add(dotGit);
  else if (info.isSymbolicLink()) await addReal(dotGit);
  else if (info.isFile()) {
    found.add(dotGit);
    const text = await readFile(dotGit, 'utf8').catch(() => '');
    const gitdir = /^gitdir:\s*(.+?)\s*$/m.exec(text)?.[1];
    const real = gitdir ? await addReal(path.resolve(workspace, gitdir)) : undefined;
    const common = real ? (await readFile(path.join(real, 'commondir'), 'utf8').catch(() => '')).trim() : '';
    if (real && common) await addReal(path.resolve(real, common));
  }
  return [...found].filter((p) => isInside(p, workspace) && p !== workspace).sort();
}

/** Hides a file (bound over by an empty one) or a folder (an empty tmpfs); other kinds and missing paths are left. */
async function addHidden(p: string, dirs: Set<string>, files: Set<string>): Promise<void> {
  try {
    const real = await realpath(p);
    const info = await stat(real);
    if (info.isDirectory()) {
      if (!SYSTEM_FOLDERS.includes(real)) dirs.add(real);
    } else if (info.isFile()) files.add(real);
  } catch {
    // Not there: nothing to hide.
  }
}

/** Walks `root` (not following links, not crossing into hidden folders) adding entries others may not read. */
async function scanRootOnly(root: string, limit: number, dirs: Set<string>, files: Set<string>): Promise<void> {
  let seen = 0;
  const queue = [root];
  while (queue.length > 0 && seen < limit) {
    const dir = queue.shift()!;
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (++seen > limit) return;
      const full = path.join(dir, name);
      if (dirs.has(full)) continue;
      const info = await lstat(full).catch(() => undefined);
      if (!info) continue;
      const othersRead = (info.mode & 0o004) !== 0;
      if (info.isDirectory()) {
        if (!othersRead || (info.mode & 0o001) === 0) dirs.add(full);
        else queue.push(full);
      } else if (info.isFile() && !othersRead) files.add(full);
    }
  }
}
