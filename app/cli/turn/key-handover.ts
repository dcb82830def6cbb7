// The API key out of the CLI's own start-up environment (issue 32, Low 11). A process's
// `/proc/<pid>/environ` shows the environment it was started with, whatever it deletes later, and
// any program of the same user — an unsandboxed command (`--no-sandbox`, or no bubblewrap) — can
// read it. So a CLI started with the key runs itself again as a child: the child's environment
// lacks the key, which it reads from an inherited pipe (fd 3) and keeps in memory only. The
// launcher stays as a thin parent: it passes its signals on (SIGINT as a byte on a second pipe, fd 4:
// a terminal's Ctrl-C reaches both processes, and the child counts only the launcher's, see
// `launcherInterrupts`), ends as the child ends (the same exit code, or the same signal), and the
// child dies with it (`setpriv --pdeathsig KILL`).
//
// The launcher cannot exec in place (Node 20), so its own start-up environment held the key too: it
// reads the key, then erases it there (startup-environ.ts: overwritten through /proc/self/mem) before
// it starts the child. A command walking up its parents finds no key in any CLI process's environ.
import { spawn } from 'node:child_process';
import { closeSync, readFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { findSetpriv } from '../../tools/node/sandbox/host-death-launcher.js';
import { eraseFromStartupEnviron } from './startup-environ.js';

/** The variables that hold a secret the CLI needs: handed over privately, never in the environment. */
const SECRET_VARIABLES = ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY'] as const;

/** Names the fd the child reads its secrets from. */
const HANDOVER_VARIABLE = 'AGENT_TURN_SECRETS_FD';
const HANDOVER_FD = 3;
/** The fd the launcher writes one byte to for each SIGINT it receives. */
const INTERRUPT_FD = 4;

/** Whether this process is the child a launcher started (it reads its secrets from fd 3). */
export function isHandedOver(env: NodeJS.ProcessEnv): boolean {
  return env[HANDOVER_VARIABLE] === String(HANDOVER_FD);
}

/** Whether this process should run itself again with its secrets off its environment. */
export function shouldHandOver(env: NodeJS.ProcessEnv): boolean {
  return !isHandedOver(env) && SECRET_VARIABLES.some((name) => (env[name] ?? '') !== '');
}

/**
 * In the child: the environment the CLI runs with — its own, plus the secrets read from fd 3
 * (kept in this object only, never put back into `process.env`, so commands never inherit them
 * from it).
 */
export function receiveSecrets(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  let secrets: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(HANDOVER_FD, 'utf8'));
    if (parsed !== null && typeof parsed === 'object') secrets = parsed as Record<string, string>;
  } catch {
    // No pipe, or nothing in it: the CLI runs without the secrets (it says what is missing).
  }
  try {
    closeSync(HANDOVER_FD);
  } catch {
    // Already closed.
  }
  const out: Record<string, string | undefined> = { ...env };
  delete out[HANDOVER_VARIABLE];
  delete process.env[HANDOVER_VARIABLE];
  for (const name of SECRET_VARIABLES) if (typeof secrets[name] === 'string') out[name] = secrets[name];
  return out;
}

/**
 * In the child: whether the launcher's start-up environment (`/proc/<ppid>/environ`) still shows a
 * secret (erasing it failed there); undefined when it cannot be read (not Linux, no launcher).
 */
export function launcherHoldsSecrets(parent: number = process.ppid): boolean | undefined {
  try {
    const entries = readFileSync(`/proc/${parent}/environ`, 'latin1').split('\0');
    return entries.some((entry) =>
      SECRET_VARIABLES.some((name) => entry.startsWith(`${name}=`) && entry.length > name.length + 1),
    );
  } catch {
    return undefined;
  }
}

/** Passed on as signals; SIGINT goes as a byte on the interrupt pipe (see `launcherInterrupts`). */
const FORWARDED = ['SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR1', 'SIGUSR2'] as const;

/**
 * In the launcher: runs this CLI again (same Node, flags, script and arguments) with the secrets
 * on fd 3 instead of in its environment, and resolves never: it leaves as the child leaves.
 */
export function handOverToChild(): Promise<never> {
  const env: NodeJS.ProcessEnv = { ...process.env, [HANDOVER_VARIABLE]: String(HANDOVER_FD) };
  const secrets: Record<string, string> = {};
  for (const name of SECRET_VARIABLES) {
    const value = env[name];
    if (value !== undefined && value !== '') secrets[name] = value;
    delete env[name];
  }
  // Read above; now gone from this process's /proc/<pid>/environ too (the child checks, see launcherHoldsSecrets).
  eraseFromStartupEnviron(SECRET_VARIABLES);
  const node = [process.execPath, ...process.execArgv, ...process.argv.slice(1)];
  const setpriv = process.platform === 'linux' ? findSetpriv() : null;
  const [file, ...args] = setpriv !== null ? [setpriv, '--pdeathsig', 'KILL', '--', ...node] : node;
  const child = spawn(file as string, args, { env, stdio: ['inherit', 'inherit', 'inherit', 'pipe', 'pipe'] });
  const pipe = child.stdio[HANDOVER_FD] as NodeJS.WritableStream;
  pipe.on('error', () => undefined);
  pipe.end(JSON.stringify(secrets));
  const interrupts = child.stdio[INTERRUPT_FD] as NodeJS.WritableStream;
  interrupts.on('error', () => undefined);
  const forward = (signal: NodeJS.Signals) => () => {
    child.kill(signal);
  };
  const handlers: (readonly [NodeJS.Signals, () => void])[] = FORWARDED.map((signal) => [signal, forward(signal)]);
  handlers.push(['SIGINT', () => void interrupts.write('\x03')]);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  return new Promise<never>(() => {
    child.on('error', (error) => {
      process.stderr.write(
        `agent-turn: could not start the CLI without the key in its environment: ${error.message}\n`,
      );
      process.exit(1);
    });
    child.on('exit', (code, signal) => {
      for (const [name, handler] of handlers) process.off(name, handler);
      if (signal !== null) process.kill(process.pid, signal);
      process.exit(code ?? 1);
    });
  });
}

/**
 * In the child: its Ctrl-Cs, each key press once. A terminal sends SIGINT to the launcher and the
 * child alike (one process group), so the child ignores its own SIGINTs and counts the launcher's,
 * which come as one byte each on fd 4 — one per SIGINT the launcher got, from the terminal or sent
 * to it alone, however late either signal lands. Installed once for the process; with no handler
 * listening, an interrupt ends the process as SIGINT would. Without the pipe (fd 4 not open), the
 * child's own SIGINTs count.
 */
export function launcherInterrupts(): { listen(handler: () => void): () => void } {
  let current: (() => void) | undefined;
  const onInterrupt = () => {
    if (current) return current();
    process.off('SIGINT', ignore);
    process.off('SIGINT', onInterrupt);
    process.kill(process.pid, 'SIGINT');
  };
  const ignore = () => undefined;
  let pipe: Socket | undefined;
  try {
    pipe = new Socket({ fd: INTERRUPT_FD, readable: true, writable: false });
  } catch {
    pipe = undefined;
  }
  if (pipe) {
    process.on('SIGINT', ignore);
    pipe.on('error', () => undefined);
    pipe.on('data', (bytes: Buffer) => {
      for (let i = 0; i < bytes.length; i++) onInterrupt();
    });
    pipe.unref();
  } else process.on('SIGINT', onInterrupt);
  return {
    listen(handler) {
      current = handler;
      return () => {
        if (current === handler) current = undefined;
      };
    },
  };
}
