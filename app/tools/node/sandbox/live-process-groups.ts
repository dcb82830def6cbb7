// Process groups this process started and has not seen end. When this process exits — normally,
// by process.exit after a Ctrl-C, or after an uncaught error — every one of them is killed, so no
// command the model started outlives the CLI. (A SIGKILL of this process skips 'exit' handlers; a
// sandboxed command still dies then, through bubblewrap's --die-with-parent.)

const live = new Set<number>();
let hooked = false;

/** Sends `signal` to the process group led by `pid`; false when the group is already gone. */
export function signalProcessGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

function killAllLive(): void {
  for (const pid of live) signalProcessGroup(pid, 'SIGKILL');
  live.clear();
}

/** Remembers a group to kill at exit; the returned function forgets it (call it once the group is gone). */
export function trackProcessGroup(pid: number): () => void {
  if (!hooked) {
    hooked = true;
    process.on('exit', killAllLive);
  }
  live.add(pid);
  return () => {
    live.delete(pid);
  };
}
