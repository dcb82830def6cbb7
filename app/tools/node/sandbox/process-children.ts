// The children of one process, from /proc (Linux): each of its threads lists the children it made
// in /proc/<pid>/task/<tid>/children. Empty when the process is gone or the kernel lacks the file.
import { readdirSync, readFileSync } from 'node:fs';

/** The pids of `pid`'s children now, or none when they cannot be read. */
export function processChildren(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children: number[] = [];
  for (const task of tasks) {
    try {
      for (const word of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' '))
        if (word.trim() !== '') children.push(Number(word));
    } catch {
      // The thread ended, or no such file here.
    }
  }
  return children;
}
