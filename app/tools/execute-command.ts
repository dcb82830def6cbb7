import { spawn } from 'node:child_process';
import type { NodeTool } from './tool-types.js';
import { requireParam, toolError } from './tool-types.js';
import type { Workspace } from './workspace.js';
import { CappedOutput } from './capped-output.js';

export interface ExecuteCommandOptions {
  /** Time limit when the model gives none, in milliseconds. */
  timeoutMs?: number;
  /** The most the model may ask for with its `timeout` parameter (seconds), in milliseconds. */
  maxTimeoutMs?: number;
  /** Output kept (stdout and stderr together). */
  maxOutputBytes?: number;
  /** Environment for the command; the CLI's own by default. */
  env?: NodeJS.ProcessEnv;
}

export const DEFAULT_COMMAND_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_TIMEOUT_MS = 600_000;
export const DEFAULT_COMMAND_MAX_OUTPUT_BYTES = 64 * 1024;
/** After the shell exits, how long a background child may keep the pipes open before it is stopped. */
const PIPE_GRACE_MS = 300;
const KILL_GRACE_MS = 2_000;

/**
 * execute_command: runs a shell command in the workspace, in its own process group so that a
 * time-out or an abort stops everything it started.
 */
export function createExecuteCommandTool(workspace: Workspace, options: ExecuteCommandOptions = {}): NodeTool {
  return async (toolUse, { signal }) => {
    const commandParam = requireParam(toolUse, 'command');
    if (!commandParam.ok) return commandParam.error;
    const command = commandParam.value;
    let timeoutMs = options.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    const asked = toolUse.params.timeout?.trim();
    if (asked) {
      const seconds = Number(asked);
      if (!Number.isFinite(seconds) || seconds <= 0) return toolError('invalid-param', `timeout must be a positive number of seconds, not ${JSON.stringify(asked)}.`);
      timeoutMs = Math.min(seconds * 1000, options.maxTimeoutMs ?? DEFAULT_MAX_TIMEOUT_MS);
    }
    if (signal.aborted) return toolError('aborted', `The command was not started: the turn was aborted.`);
    const output = new CappedOutput(options.maxOutputBytes ?? DEFAULT_COMMAND_MAX_OUTPUT_BYTES);
    const outcome = await runInProcessGroup(command, workspace.root, options.env ?? process.env, output, timeoutMs, signal);
    const text = output.text().trimEnd();
    const shown = text === '' ? '(no output)' : text;
    if (outcome.kind === 'spawn-error') return toolError('io-error', `Could not start the command: ${outcome.message}`);
    if (outcome.kind === 'timeout') return toolError('timeout', `The command was stopped after ${timeoutMs / 1000} s without finishing.\nOutput so far:\n${shown}`);
    if (outcome.kind === 'aborted') return toolError('aborted', `The command was stopped because the turn was aborted.\nOutput so far:\n${shown}`);
    const status = outcome.signal ? `was killed by ${outcome.signal}` : `exited with code ${outcome.code}`;
    return `Command ${status}.\nOutput:\n${shown}`;
  };
}

type Outcome =
  | { kind: 'exited'; code: number | null; signal: NodeJS.Signals | null }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'spawn-error'; message: string };

function runInProcessGroup(command: string, cwd: string, env: NodeJS.ProcessEnv, output: CappedOutput, timeoutMs: number, signal: AbortSignal): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let settled: Outcome | undefined;
    let exit: Outcome | undefined;
    const timers: NodeJS.Timeout[] = [];
    const killGroup = (sig: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, sig);
      } catch {
        // The group is already gone.
      }
    };
    const stop = (why: Outcome) => {
      if (exit || settled) return;
      settled = why;
      killGroup('SIGTERM');
      timers.push(setTimeout(() => killGroup('SIGKILL'), KILL_GRACE_MS).unref());
    };
    const finish = (result: Outcome) => {
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
