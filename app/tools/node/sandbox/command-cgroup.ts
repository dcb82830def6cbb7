// A cgroup per command, below this process's own, with a process limit (pids.max) and a memory
// limit — the limits that hold for root too, who ignores RLIMIT_NPROC. Works with cgroup v2 when
// the pids and memory controllers can be enabled below this process's cgroup, and with cgroup v1
// when the pids and memory hierarchies are writable; elsewhere (most desktops without delegation)
// there is none, and only the rlimits of sandbox-limits.ts apply. After the command the cgroup
// tells whether a limit was hit, and everything still in it is killed (a `setsid` child too).
import { readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where per-command cgroups can be made: one folder per hierarchy (v2: one for both controllers). */
export interface CgroupParents {
  version: 1 | 2;
  /** The folder new cgroups go in, per controller (v2: the same folder twice). */
  pids: string;
  memory: string;
}

/** What the cgroup saw of a command. */
export interface CgroupUsage {
  /** Forks refused because pids.max was reached. */
  processLimitHits: number;
  /** Processes the kernel killed for going over the memory limit. */
  memoryKills: number;
}

/** One command's cgroup. */
export interface CommandCgroup {
  /** The `cgroup.procs` files the command's first process writes its pid into before anything else. */
  procsFiles: readonly string[];
  usage(): Promise<CgroupUsage>;
  /** Kills every process still in it and removes it. Never rejects. */
  killAndRemove(): Promise<void>;
}

interface MountInfo {
  root: string;
  mountPoint: string;
  fsType: string;
  superOptions: string[];
}

function parseMountInfo(text: string): MountInfo[] {
  const mounts: MountInfo[] = [];
  for (const line of text.split('\n')) {
    const dash = line.indexOf(' - ');
    if (dash < 0) continue;
    const left = line.slice(0, dash).split(' ');
    const right = line.slice(dash + 3).split(' ');
    if (left.length < 5 || right.length < 3) continue;
    const decodeOctal = (s: string) =>
      s.replace(/\\(\d{3})/g, (_, o: string) => String.fromCharCode(Number.parseInt(o, 8)));
    mounts.push({
      root: decodeOctal(left[3]),
      mountPoint: decodeOctal(left[4]),
      fsType: right[0],
      superOptions: right[2].split(','),
    });
  }
  return mounts;
}

/** The folder of cgroup `own` (a path in its hierarchy) under `mount`, or undefined when the mount does not show it. */
function folderOf(mount: MountInfo, own: string): string | undefined {
  if (mount.root === '/') return path.join(mount.mountPoint, own);
  if (own === mount.root || own.startsWith(`${mount.root}/`))
    return path.join(mount.mountPoint, own.slice(mount.root.length));
  return undefined;
}

const readText = (file: string) => readFile(file, 'utf8').catch(() => undefined);

/** Finds where this process may make per-command cgroups with both controllers, or undefined. */
export async function findCgroupParents(procSelf = '/proc/self'): Promise<CgroupParents | undefined> {
  const [cgroups, mountText] = await Promise.all([readText(`${procSelf}/cgroup`), readText(`${procSelf}/mountinfo`)]);
  if (!cgroups || !mountText) return undefined;
  const mounts = parseMountInfo(mountText);
  const lines = cgroups
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const first = l.indexOf(':');
      const second = l.indexOf(':', first + 1);
      return { controllers: l.slice(first + 1, second).split(','), own: l.slice(second + 1) };
    });
  // cgroup v1: a hierarchy each for pids and memory.
  const v1 = (controller: string) => {
    const line = lines.find((l) => l.controllers.includes(controller));
    const mount = mounts.find((m) => m.fsType === 'cgroup' && m.superOptions.includes(controller));
    return line && mount ? folderOf(mount, line.own) : undefined;
  };
  const pids = v1('pids');
  const memory = v1('memory');
  if (pids && memory && (await canMakeChild(pids)) && (await canMakeChild(memory))) return { version: 1, pids, memory };
  // cgroup v2: one hierarchy; both controllers must be enabled for our children.
  const line = lines.find((l) => l.controllers.length === 1 && l.controllers[0] === '');
  const mount = mounts.find((m) => m.fsType === 'cgroup2');
  const dir = line && mount ? folderOf(mount, line.own) : undefined;
  if (!dir) return undefined;
  const available = ((await readText(path.join(dir, 'cgroup.controllers'))) ?? '').split(/\s+/);
  if (!available.includes('pids') || !available.includes('memory')) return undefined;
  const enabled = ((await readText(path.join(dir, 'cgroup.subtree_control'))) ?? '').split(/\s+/);
  if (!enabled.includes('pids') || !enabled.includes('memory')) {
    // Refused when this cgroup holds processes (the "no internal processes" rule): then no v2 limits.
    const ok = await writeFile(path.join(dir, 'cgroup.subtree_control'), '+pids +memory').then(
      () => true,
      () => false,
    );
    if (!ok) return undefined;
  }
  return (await canMakeChild(dir)) ? { version: 2, pids: dir, memory: dir } : undefined;
}

let probeCount = 0;
async function canMakeChild(parent: string): Promise<boolean> {
  const probe = path.join(parent, `agent-turn-probe-${process.pid}-${probeCount++}`);
  try {
    await mkdir(probe);
    await rmdir(probe);
    return true;
  } catch {
    return false;
  }
}

let cgroupCount = 0;
/** Cgroups made and not yet removed: emptied and removed when this process exits. */
const live = new Set<string>();
let exitHooked = false;

/** At exit (process.exit after a Ctrl-C, say), synchronously: kill what is left in each live cgroup and remove it. */
function removeLiveAtExit(): void {
  for (const dir of live) {
    try {
      writeFileSync(path.join(dir, 'cgroup.kill'), '1');
    } catch {
      // cgroup v1, or gone.
    }
    try {
      for (const pid of readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean))
        process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Gone.
    }
    try {
      rmdirSync(dir);
    } catch {
      // Still busy for a moment (killed processes not reaped yet): left for the next start's sweep.
    }
  }
  live.clear();
}

/** Whether a process with this pid runs (any owner). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the empty cgroups that CLIs killed outright (kill -9) left behind: `agent-turn-<pid>-<n>`
 * below `parents` whose process is gone. Never rejects.
 */
export async function sweepStaleCgroups(parents: CgroupParents): Promise<number> {
  let removed = 0;
  for (const parent of new Set([parents.pids, parents.memory])) {
    const names = await readdir(parent).catch(() => [] as string[]);
    for (const name of names) {
      const match = /^agent-turn-(\d+)-\d+$/.exec(name);
      if (!match || Number(match[1]) === process.pid || running(Number(match[1]))) continue;
      if (
        await rmdir(path.join(parent, name)).then(
          () => true,
          () => false,
        )
      )
        removed++;
    }
  }
  return removed;
}

/** Makes a cgroup for one command with the limits; undefined when it cannot be made (the rlimits still apply). */
export async function createCommandCgroup(
  parents: CgroupParents,
  limits: { processes: number; memoryBytes: number },
): Promise<CommandCgroup | undefined> {
  const name = `agent-turn-${process.pid}-${cgroupCount++}`;
  const dirs = [...new Set([path.join(parents.pids, name), path.join(parents.memory, name)])];
  const made: string[] = [];
  try {
    if (!exitHooked) {
      exitHooked = true;
      process.on('exit', removeLiveAtExit);
    }
    for (const dir of dirs) {
      await mkdir(dir);
      made.push(dir);
      live.add(dir);
    }
    const pidsDir = path.join(parents.pids, name);
    const memoryDir = path.join(parents.memory, name);
    await writeFile(path.join(pidsDir, 'pids.max'), String(limits.processes));
    if (parents.version === 2) {
      await writeFile(path.join(memoryDir, 'memory.max'), String(limits.memoryBytes));
      await writeFile(path.join(memoryDir, 'memory.swap.max'), '0').catch(() => {});
    } else {
      await writeFile(path.join(memoryDir, 'memory.limit_in_bytes'), String(limits.memoryBytes));
      await writeFile(path.join(memoryDir, 'memory.memsw.limit_in_bytes'), String(limits.memoryBytes)).catch(() => {});
    }
    return {
      procsFiles: dirs.map((d) => path.join(d, 'cgroup.procs')),
      async usage() {
        const pidsEvents = (await readText(path.join(pidsDir, 'pids.events'))) ?? '';
        const memoryEvents =
          (await readText(path.join(memoryDir, parents.version === 2 ? 'memory.events' : 'memory.oom_control'))) ?? '';
        return { processLimitHits: counter(pidsEvents, 'max'), memoryKills: counter(memoryEvents, 'oom_kill') };
      },
      killAndRemove: () => killAndRemove(made),
    };
  } catch {
    await killAndRemove(made);
    return undefined;
  }
}

/** The number after `name ` on its own line of a cgroup events file (0 when absent). */
function counter(text: string, name: string): number {
  const match = new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function killAndRemove(dirs: readonly string[]): Promise<void> {
  for (const dir of dirs) live.delete(dir);
  for (let attempt = 0; attempt < 200; attempt++) {
    let left = 0;
    for (const dir of dirs) {
      // cgroup.kill (v2, Linux 5.14+) kills all at once; elsewhere each listed process, until none is left.
      await writeFile(path.join(dir, 'cgroup.kill'), '1').catch(() => {});
      const procs = ((await readText(path.join(dir, 'cgroup.procs'))) ?? '').split('\n').filter(Boolean);
      left += procs.length;
      for (const pid of procs) {
        try {
          process.kill(Number(pid), 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    }
    const removed = await Promise.all(
      dirs.map((dir) =>
        rmdir(dir).then(
          () => true,
          (error: NodeJS.ErrnoException) => error.code === 'ENOENT',
        ),
      ),
    );
    if (removed.every(Boolean)) return;
    await pause(left > 0 ? 5 : 2);
  }
}

/** The wrapper that puts itself into the cgroup and then becomes `file args…` (fd 3 and the rest pass through). */
export function joinCgroupThenExec(procsFiles: readonly string[], file: string, args: readonly string[]): string[] {
  return [
    '-c',
    'while [ "$1" != -- ]; do echo $$ > "$1" || exit 126; shift; done; shift; exec "$@"',
    'agent-turn-cgroup',
    ...procsFiles,
    '--',
    file,
    ...args,
  ];
}
