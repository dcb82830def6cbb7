// The bubblewrap (bwrap) command line for one sandboxed command: a pure function of the policy,
// so what the sandbox enforces can be read and tested in one place.
import { DEFAULT_SANDBOX_LIMITS, limitedShellArgs, type SandboxLimits } from './sandbox-limits.js';

/** What a sandboxed command may see and do. Paths are absolute. */
export interface SandboxPolicy {
  /** The only writable folder (besides the private /tmp and the empty home): the workspace root. */
  workspace: string;
  /** Share the host's network; otherwise the command gets a network namespace with only its own loopback. */
  allowNetwork: boolean;
  /** Folders replaced by an empty private tmpfs (home folders, /run, /tmp, …), mounted before the workspace. */
  hiddenDirectories: readonly string[];
  /** Files replaced by an empty read-only file (/dev/null), mounted after the workspace. */
  hiddenFiles: readonly string[];
  /** Files and folders bound back read-only inside a hidden folder (e.g. /etc/resolv.conf's target in /run, the Node running the CLI). */
  keptPaths: readonly string[];
  /** The whole environment of the command (nothing else is inherited). */
  env: Readonly<Record<string, string>>;
  /**
   * Paths inside the workspace bound back read-only over the writable workspace: its `.git` (the
   * folder, or the `.git` file and the folders it points to), whose hooks and config git runs
   * outside the sandbox later.
   */
  readOnlyInWorkspace?: readonly string[];
  /**
   * Look for the workspace's git metadata again before each command (the runner does) and bind
   * it read-only too: a repository made after the policy was built is protected from the next
   * command on.
   */
  protectGit?: boolean;
  /** Processes, memory, tmpfs and file sizes (sandbox-limits.ts); the defaults when absent. */
  limits?: SandboxLimits;
  /** bwrap has no `--size` (before 0.7.0): the tmpfs mounts are left at the kernel's size (half the RAM). */
  tmpfsUncapped?: boolean;
}

/**
 * bwrap's arguments, ending with a shell that sets the rlimits and runs `/bin/sh -c <command>`.
 * The order matters: the root read-only first, then the hidden folders (each a tmpfs of
 * `limits.tmpfsBytes`), then the kept paths and the workspace (which may lie inside a hidden
 * folder), then what is hidden inside the workspace, then its `.git` read-only again. The
 * workspace path must not be '/'. `memoryByCgroup`: the command's cgroup holds the memory limit,
 * so no RLIMIT_DATA is set.
 */
export function bubblewrapArgs(
  policy: SandboxPolicy,
  command: string,
  options: { infoFd?: number; memoryByCgroup?: boolean } = {},
): string[] {
  const args = [
    // Namespaces: a user namespace (mounts of the host stay locked read-only even for root), its
    // own processes, IPC, host name and cgroup view; no capabilities at all.
    '--unshare-user',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    ...(policy.allowNetwork ? [] : ['--unshare-net']),
    '--cap-drop',
    'ALL',
    // Its own session (no terminal to inject keystrokes into), and dead when this process dies.
    '--new-session',
    '--die-with-parent',
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
  ];
  const limits = policy.limits ?? DEFAULT_SANDBOX_LIMITS;
  const tmpfs = (dir: string) =>
    policy.tmpfsUncapped ? args.push('--tmpfs', dir) : args.push('--size', String(limits.tmpfsBytes), '--tmpfs', dir);
  // bwrap's /dev is a tmpfs of half the RAM, its /dev/shm a folder in it: /dev/shm gets a capped
  // tmpfs of its own, and /dev is made read-only (device nodes such as /dev/null still work).
  tmpfs('/dev/shm');
  args.push('--remount-ro', '/dev');
  const insideWorkspace = (p: string) => p.startsWith(`${policy.workspace}/`);
  for (const dir of policy.hiddenDirectories) if (!insideWorkspace(dir)) tmpfs(dir);
  for (const kept of policy.keptPaths) args.push('--ro-bind', kept, kept);
  args.push('--bind', policy.workspace, policy.workspace);
  // A hidden folder inside the workspace (the workspace is someone's home, say) is hidden again.
  for (const dir of policy.hiddenDirectories) if (insideWorkspace(dir)) tmpfs(dir);
  for (const file of policy.hiddenFiles) args.push('--ro-bind', '/dev/null', file);
  // .git stays as it is: what a command writes there would run outside the sandbox later.
  for (const kept of policy.readOnlyInWorkspace ?? []) args.push('--ro-bind', kept, kept);
  args.push('--chdir', policy.workspace, '--clearenv');
  for (const [name, value] of Object.entries(policy.env)) args.push('--setenv', name, value);
  // bwrap reports the sandbox's init on this descriptor (see run-in-process-group.ts).
  if (options.infoFd !== undefined) args.push('--info-fd', String(options.infoFd));
  // The command's shell starts under the rlimits (sandbox-limits.ts).
  args.push('--', ...limitedShellArgs(limits, command, { memoryRlimit: options.memoryByCgroup !== true }));
  return args;
}
