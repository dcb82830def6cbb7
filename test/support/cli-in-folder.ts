// The real CLI (`node --import tsx app/cli.ts`, or the built one: cli-command.ts) started from a folder of the test's choosing —
// its working folder is what the sandbox hides as "the CLI's folder" — with exactly the
// environment given. The handle can interrupt it and times how long it takes to exit.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CLI_NODE_ARGS } from './cli-command.js';

// From another folder tsx would not find the repository's tsconfig.json, whose paths map
// `agent-turn/...` onto the sources: named here, or the CLI would load the built dist/.
const TSCONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

export interface CliExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from `interrupt()` to the process's exit (undefined when not interrupted). */
  interruptToExitMs?: number;
}

export interface CliHandle {
  pid: number;
  /** Output so far. */
  stdout(): string;
  /** Sends SIGINT (a Ctrl-C) and starts the clock. */
  interrupt(): void;
  exited: Promise<CliExit>;
}

/** Starts the CLI in `cwd` with `args` and `env` (nothing inherited but tsx's tsconfig); killed after `timeoutMs`. */
export function startCliIn(
  cwd: string,
  args: readonly string[],
  env: Record<string, string>,
  timeoutMs = 40_000,
): CliHandle {
  const child = spawn(process.execPath, [...CLI_NODE_ARGS, ...args], {
    cwd,
    env: { ...env, TSX_TSCONFIG_PATH: TSCONFIG },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let interruptedAt: number | undefined;
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const exited = new Promise<CliExit>((resolve) => {
    child.on('exit', (code, signal) => {
      const at = performance.now();
      clearTimeout(timer);
      child.on('close', () =>
        resolve({
          code,
          signal,
          stdout,
          stderr,
          ...(interruptedAt !== undefined ? { interruptToExitMs: at - interruptedAt } : {}),
        }),
      );
    });
  });
  return {
    pid: child.pid ?? -1,
    stdout: () => stdout,
    interrupt() {
      interruptedAt = performance.now();
      child.kill('SIGINT');
    },
    exited,
  };
}
