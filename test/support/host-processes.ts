// Looks at the host's processes from outside any sandbox: is a process with this exact command line alive?
import { readdirSync, readFileSync } from 'node:fs';

/** Pids of running (not zombie) host processes whose NUL-joined cmdline, spaces for NULs, equals `cmdline`. */
export function hostProcessesRunning(cmdline: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const line = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      if (line !== cmdline) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z') continue;
      process.kill(Number(name), 0);
      found.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** A sleep duration no other process on the machine uses, so its `sleep N` is ours. */
export function uniqueSleepSeconds(): string {
  return `${300 + Math.floor(Math.random() * 600)}.${process.pid % 1000}${Math.floor(Math.random() * 1000)}`;
}

/** Pids of live host processes whose start-up environment holds every one of `entries` (`NAME=value`). */
export function hostProcessesWithEnvironment(entries: string[]): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const environ = readFileSync(`/proc/${name}/environ`, 'latin1').split('\0');
      if (entries.every((entry) => environ.includes(entry))) found.push(Number(name));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** The parent of a live process, from `/proc/<pid>/stat`. */
export function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}
