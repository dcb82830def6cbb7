// One command as a child process in its own process group (its own session), with the limits of a
// CommandRequest: output capped, the whole group stopped at the time limit or on abort, and any
// background process still in the group killed shortly after the command itself ends.
import { spawn } from 'node:child_process';
import type { CommandOutcome, CommandRequest } from '../../workspace-port.js';
import { CappedOutput } from './capped-output.js';
import { signalProcessGroup, trackProcessGroup } from './live-process-groups.js';
import { processChildren } from './process-children.js';
import { processStartTime, waitUntilProcessOver } from './process-gone.js';

/** What to start: a program, its arguments, where and with which environment. */
export interface ChildSpec {
  file: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /**
   * The program is bubblewrap started with `--info-fd 3`: it reports its sandbox's init (PID 1
   * inside) on fd 3. A time-out or an abort SIGKILLs that init, and the kernel kills everything
   * in the sandbox before the init is over. bwrap itself may exit before that (it exits on the
   * command's status), so the command settles only once the init is over: all of it is dead.
   */
  sandboxInfoFd?: boolean;
}

/** After the command exits, how long a background child may keep the pipes open before the group is killed. */
const PIPE_GRACE_MS = 300;
/** After SIGTERM (time-out, abort), how long before SIGKILL. */
const KILL_GRACE_MS = 2_000;
/** The most a command's end waits for its sandbox to be torn down. */
const SANDBOX_TEARDOWN_MS = 2_000;

/** A live view's failure must not touch the command. */
function showOutput(onOutput: (text: string) => void, text: string): void {
  if (text === '') return;
  try {
    onOutput(text);
  } catch {
    // The view's problem; the command and its captured output go on.
  }
}

type Ending =
  | { kind: 'exited'; code: number | null; signal: NodeJS.Signals | null }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'spawn-error'; message: string };

function killProcesses(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Over already.
    }
  }
}

/** Runs `spec` for `request`; resolves once the command and its pipes are done, never rejects. */
export async function runInProcessGroup(spec: ChildSpec, request: CommandRequest): Promise<CommandOutcome> {
  const output = new CappedOutput(request.maxOutputBytes);
  const ending = await run(spec, request, output);
  if (ending.kind === 'spawn-error') return ending;
  return { ...ending, output: output.text() };
}

function run(spec: ChildSpec, request: CommandRequest, output: CappedOutput): Promise<Ending> {
  const { timeoutMs, signal } = request;
  return new Promise((resolve) => {
    const child = spawn(spec.file, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      detached: true,
      stdio: spec.sandboxInfoFd ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'],
    });
    const forget = child.pid === undefined ? () => {} : trackProcessGroup(child.pid);
    let sandboxInit: { pid: number; startTime: string } | undefined;
    if (spec.sandboxInfoFd) {
      let info = '';
      const infoPipe = child.stdio[3] as NodeJS.ReadableStream | null;
      infoPipe?.setEncoding('utf8');
      infoPipe?.on('data', (chunk: string) => {
        info += chunk;
        const match = /"child-pid"\s*:\s*(\d+)/.exec(info);
        if (match && !sandboxInit) {
          const pid = Number(match[1]);
          const startTime = processStartTime(pid);
          if (startTime !== undefined) sandboxInit = { pid, startTime };
          // Stopped before bwrap said who its init is: SIGTERM reached only bwrap's own group (the
          // sandbox has a session of its own), so the init goes now.
          if (settled) killSandboxInit();
        }
      });
      infoPipe?.on('error', () => {});
    }
    let settled: Ending | undefined;
    let exit: Ending | undefined;
    const timers: NodeJS.Timeout[] = [];
    const killGroup = (sig: NodeJS.Signals) => {
      if (child.pid !== undefined) signalProcessGroup(child.pid, sig);
    };
    const stop = (why: Ending) => {
      if (exit || settled) return;
      settled = why;
      // A sandbox's processes have nothing to save: its init goes at once, taking them all.
      if (sandboxInit) killSandboxInit();
      else {
        // Not reported yet: bwrap's children are its sandbox (a session of its own, which the
        // group's signal misses); they go first, while they are still bwrap's.
        if (spec.sandboxInfoFd && child.pid !== undefined) killProcesses(processChildren(child.pid));
        killGroup('SIGTERM');
      }
      timers.push(setTimeout(() => killGroup('SIGKILL'), KILL_GRACE_MS).unref());
    };
    const killSandboxInit = () => {
      if (sandboxInit) killProcesses([sandboxInit.pid]);
    };
    let finishing = false;
    const finish = async (result: Ending) => {
      if (finishing) return;
      finishing = true;
      if (sandboxInit && !(await waitUntilProcessOver(sandboxInit.pid, sandboxInit.startTime, SANDBOX_TEARDOWN_MS))) {
        killSandboxInit();
        await waitUntilProcessOver(sandboxInit.pid, sandboxInit.startTime, SANDBOX_TEARDOWN_MS);
      }
      for (const t of timers) clearTimeout(t);
      signal.removeEventListener('abort', onAbort);
      // The group gets its last SIGKILL now (nothing of it may outlive the command), then is forgotten.
      killGroup('SIGKILL');
      forget();
      resolve(result);
    };
    const onAbort = () => stop({ kind: 'aborted' });
    signal.addEventListener('abort', onAbort, { once: true });
    // Aborted while the runner got ready (a cgroup made, a sandbox probed): no 'abort' event comes any more.
    if (signal.aborted) onAbort();
    timers.push(setTimeout(() => stop({ kind: 'timeout' }), timeoutMs));
    const relay = (stream: NodeJS.ReadableStream | null) => {
      // One decoder per stream: a character split between chunks is decoded whole.
      const decoder = new TextDecoder();
      stream?.on('data', (chunk: Buffer) => {
        output.push(chunk);
        if (request.onOutput) showOutput(request.onOutput, decoder.decode(chunk, { stream: true }));
      });
    };
    relay(child.stdout);
    relay(child.stderr);
    child.on('error', (error) => void finish({ kind: 'spawn-error', message: error.message }));
    child.on('exit', (code, sig) => {
      exit = settled ?? { kind: 'exited', code, signal: sig };
      // A background process may hold the pipes open; give it a moment, then stop the group.
      timers.push(setTimeout(() => killGroup('SIGKILL'), PIPE_GRACE_MS).unref());
    });
    child.on(
      'close',
      () => void finish(exit ?? settled ?? { kind: 'exited', code: child.exitCode, signal: child.signalCode }),
    );
  });
}
