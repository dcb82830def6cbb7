// The bubblewrap (bwrap) command line for one sandboxed command: a pure function of the policy,
// so what the sandbox enforces can be read and tested in one place.

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
}

/**
 * bwrap's arguments, ending with `/bin/sh -c <command>`. The order matters: the root read-only
 * first, then the hidden folders, then the kept paths and the workspace (which may lie inside a
 * hidden folder), then what is hidden inside the workspace. The workspace path must not be '/'.
 */
export function bubblewrapArgs(policy: SandboxPolicy, command: string, options: { infoFd?: number } = {}): string[] {
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
  const insideWorkspace = (p: string) => p.startsWith(`${policy.workspace}/`);
  for (const dir of policy.hiddenDirectories) if (!insideWorkspace(dir)) args.push('--tmpfs', dir);
  for (const kept of policy.keptPaths) args.push('--ro-bind', kept, kept);
  args.push('--bind', policy.workspace, policy.workspace);
  // A hidden folder inside the workspace (the workspace is someone's home, say) is hidden again.
  for (const dir of policy.hiddenDirectories) if (insideWorkspace(dir)) args.push('--tmpfs', dir);
  for (const file of policy.hiddenFiles) args.push('--ro-bind', '/dev/null', file);
  args.push('--chdir', policy.workspace, '--clearenv');
  for (const [name, value] of Object.entries(policy.env)) args.push('--setenv', name, value);
  // bwrap reports the sandbox's init on this descriptor (see run-in-process-group.ts).
  if (options.infoFd !== undefined) args.push('--info-fd', String(options.infoFd));
  args.push('--', '/bin/sh', '-c', command);
  return args;
}
