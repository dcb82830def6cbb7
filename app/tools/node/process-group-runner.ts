// Commands through a shell, each in its own process group, so that a time-out or an abort stops
// everything it started. The CommandRunner the Node tools use unless another (a sandbox) is given.
import { spawn } from 'node:child_process';
import type { CommandOutcome, CommandRequest, CommandRunner } from '../workspace-port.js';
import { CappedOutput } from './capped-output.js';

export interface ProcessGroupRunnerOptions {
  /** The folder commands run in: the workspace root. */
  cwd: string;
  /** Environment for the commands; this process's own by default. */
  env?: NodeJS.ProcessEnv;
}

/** After the shell exits, how long a background child may keep the pipes open before it is stopped. */
const PIPE_GRACE_MS = 300;
const KILL_GRACE_MS = 2_000;

type Ending = { kind: 'exited'; code: number | null; signal: NodeJS.Signals | null } | { kind: 'timeout' } | { kind: 'aborted' } | { kind: 'spawn-error'; message: string };

/** A runner that spawns `sh -c <command>` in `cwd`, capping output and killing the group at the time limit or on abort. */
export function createProcessGroupRunner(options: ProcessGroupRunnerOptions): CommandRunner {
  return {
    async run(request: CommandRequest): Promise<CommandOutcome> {
      const output = new CappedOutput(request.maxOutputBytes);
      const ending = await runInProcessGroup(request, options.cwd, options.env ?? process.env, output);
      if (ending.kind === 'spawn-error') return ending;
      return { ...ending, output: output.text() };
    },
  };
}

function runInProcessGroup(request: CommandRequest, cwd: string, env: NodeJS.ProcessEnv, output: CappedOutput): Promise<Ending> {
  const { command, timeoutMs, signal } = request;
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let settled: Ending | undefined;
    let exit: Ending | undefined;
    const timers: NodeJS.Timeout[] = [];
    const killGroup = (sig: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, sig);
      } catch {
        // The group is already gone.
      }
    };
    const stop = (why: Ending) => {
      if (exit || settled) return;
      settled = why;
      killGroup('SIGTERM');
      timers.push(setTimeout(() => killGroup('SIGKILL'), KILL_GRACE_MS).unref());
    };
    const finish = (result: Ending) => {
      for (const t of timers) clearTimeout(t);
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const onAbort = () => stop({ kind: 'aborted' });
    signal.addEventListener('abort', onAbort, { once: true });
    timers.push(setTimeout(() => stop({ kind: 'timeout' }), timeoutMs));
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => finish({ kind: 'spawn-error', message: error.message }));
    child.on('exit', (code, sig) => {
      exit = settled ?? { kind: 'exited', code, signal: sig };
      // A background process may hold the pipes open; give it a moment, then stop the group.
      timers.push(setTimeout(() => killGroup('SIGKILL'), PIPE_GRACE_MS).unref());
    });
    child.on('close', () => finish(exit ?? settled ?? { kind: 'exited', code: child.exitCode, signal: child.signalCode }));
  });
}
