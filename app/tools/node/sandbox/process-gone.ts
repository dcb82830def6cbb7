// Waiting for one process to be over, without a pidfd (Node has none): poll /proc. A process is
// over once it is gone, a zombie, or its pid belongs to a newer process.
import { readFileSync } from 'node:fs';

/** The process's start time (field 22 of /proc/<pid>/stat), or undefined when it is not there. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isOver(pid: number, startTime: string): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' || fields[0] === 'X' || fields[19] !== startTime;
  } catch {
    return true;
  }
}

const POLL_MS = 5;

/** Resolves true once the process is over, false if it still runs after `limitMs`. */
export function waitUntilProcessOver(pid: number, startTime: string, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  return new Promise((resolve) => {
    const check = () => {
      if (isOver(pid, startTime)) return resolve(true);
      if (Date.now() >= deadline) return resolve(false);
      setTimeout(check, POLL_MS);
    };
    check();
  });
}
