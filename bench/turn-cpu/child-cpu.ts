// The CPU time of this process's children (the Restate server the durable rig started), read from
// /proc (Linux): each child's utime + stime. NaN where /proc cannot be read.
import { readFileSync, readdirSync } from 'node:fs';

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** The pids of this process's direct children (every thread's list), or none without /proc. */
function childPids(): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return [];
  }
  const pids = tasks.flatMap((t) => (read(`/proc/self/task/${t}/children`) ?? '').split(' ').filter(Boolean));
  return [...new Set(pids)].map(Number);
}

/** The CPU time (ms) the children of this process have used so far, NaN without /proc. */
export function childrenCpuMs(): number {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const pids = childPids();
  if (pids.length === 0) return NaN;
  let ticks = 0;
  for (const pid of pids) {
    const stat = read(`/proc/${pid}/stat`);
    if (stat === undefined) continue;
    // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / ticksPerMs;
}
