// How much one command may take: processes, memory, the size of the sandbox's RAM-backed tmpfs
// mounts, the size of any one file it writes, and how much disk it may use before the tool result
// warns. Enforced in layers (see docs/security.md): a cgroup per command where this process may
// create one (pids.max, memory limit: the only limits that hold for root), rlimits set by the shell
// inside the sandbox (RLIMIT_NPROC — which root ignores —, RLIMIT_DATA, RLIMIT_FSIZE) always, and
// bwrap's --size on every tmpfs.

/** The limits of one command. Sizes in bytes. */
export interface SandboxLimits {
  /** Most processes (and threads) alive at once in the command's sandbox. */
  processes: number;
  /** Most memory the command's processes use together (cgroup), and each one's data segment (rlimit). */
  memoryBytes: number;
  /** Size of each tmpfs the sandbox mounts (/tmp, /dev/shm, the hidden home and run folders). */
  tmpfsBytes: number;
  /** Largest file any process of the command may write (RLIMIT_FSIZE), in the workspace too. */
  fileSizeBytes: number;
  /** The tool result warns when the workspace's file system lost more free space than this during the command. */
  diskWarningBytes: number;
}

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** The defaults, as docs/security.md lists them. */
export const DEFAULT_SANDBOX_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  processes: 512,
  memoryBytes: 4 * GiB,
  tmpfsBytes: 512 * MiB,
  fileSizeBytes: 1 * GiB,
  diskWarningBytes: 1 * GiB,
});

/** Why a limit given by a person is not one (what and where), or undefined. */
export function checkSandboxLimits(limits: Partial<SandboxLimits>): string | undefined {
  for (const [name, value] of Object.entries(limits)) {
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value <= 0) return `${name} must be a whole number above 0 (got ${value})`;
  }
  if (limits.processes !== undefined && limits.processes < 8)
    return `processes must be at least 8: the sandbox and its shell need a few (got ${limits.processes})`;
  if (limits.memoryBytes !== undefined && limits.memoryBytes < 16 * MiB)
    return `memoryBytes must be at least 16 MiB (got ${limits.memoryBytes})`;
  return undefined;
}

/** `size` in bytes: a whole number with an optional K, M or G (powers of 1024), like `512M`. */
export function parseByteSize(size: string): number | undefined {
  const match = /^(\d+)\s*([KMG]?)(?:i?B)?$/i.exec(size.trim());
  if (!match) return undefined;
  const unit = { '': 1, K: 1024, M: MiB, G: GiB }[match[2].toUpperCase() as '' | 'K' | 'M' | 'G'];
  const bytes = Number(match[1]) * unit;
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
}

/** A size for people: `512 MiB`, `4 GiB`, `1.3 GiB`, or bytes below 1 KiB. */
export function formatByteSize(bytes: number): string {
  const units: [number, string][] = [
    [GiB, 'GiB'],
    [MiB, 'MiB'],
    [1024, 'KiB'],
  ];
  for (const [size, unit] of units) {
    if (bytes < size) continue;
    const value = bytes / size;
    return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
  }
  return `${bytes} bytes`;
}

/**
 * The shell lines that set the rlimits before the command runs, for `/bin/sh` (dash's `ulimit -p`
 * and bash's `ulimit -u` both name RLIMIT_NPROC; `-d` is in KiB, `-f` in 512-byte blocks for a
 * POSIX sh). Hard and soft limits both: a command cannot raise them again. `memoryRlimit: false`
 * leaves RLIMIT_DATA out, for a command whose cgroup holds the memory limit (the kernel's OOM kill
 * is then what ends a memory bomb, and the cgroup reports it).
 */
export function rlimitPrelude(limits: SandboxLimits, options: { memoryRlimit?: boolean } = {}): string {
  const kib = Math.max(1, Math.floor(limits.memoryBytes / 1024));
  const blocks = Math.max(1, Math.floor(limits.fileSizeBytes / 512));
  return [
    `ulimit -u ${limits.processes} 2>/dev/null || ulimit -p ${limits.processes} 2>/dev/null`,
    ...(options.memoryRlimit === false ? [] : [`ulimit -d ${kib} 2>/dev/null`]),
    `ulimit -f ${blocks} 2>/dev/null`,
  ].join('; ');
}

/**
 * The command as the sandbox runs it: a shell that sets the rlimits, then starts `/bin/sh -c
 * command` (the command's own shell, so `$0`, `exit` and `set` behave as without limits).
 */
export function limitedShellArgs(
  limits: SandboxLimits,
  command: string,
  options: { memoryRlimit?: boolean } = {},
): string[] {
  return ['/bin/sh', '-c', `${rlimitPrelude(limits, options)}; exec /bin/sh -c "$1"`, 'sh', command];
}
