// The API key out of the CLI's own start-up environment (issue 32, Low 11). A process's
// `/proc/<pid>/environ` shows the environment it was started with, whatever it deletes later, and
// any program of the same user — an unsandboxed command (`--no-sandbox`, or no bubblewrap) — can
// read it. So a CLI started with the key runs itself again as a child: the child's environment
// lacks the key, which it reads from an inherited pipe (fd 3) and keeps in memory only. The
// launcher stays as a thin parent: it passes its signals on (a terminal's Ctrl-C reaches both,
// the child counts it once, see `dedupedInterrupts`), ends as the child ends (the same exit code,
// or the same signal), and the child dies with it (`setpriv --pdeathsig KILL`).
//
// The launcher cannot exec in place (Node 20), so its own start-up environment held the key too: it
// reads the key, then erases it there (startup-environ.ts: overwritten through /proc/self/mem) before
// it starts the child. A command walking up its parents finds no key in any CLI process's environ.
import { spawn } from 'node:child_process';
import { closeSync, readFileSync } from 'node:fs';
import { findSetpriv } from '../../tools/node/sandbox/host-death-launcher.js';
import { eraseFromStartupEnviron } from './startup-environ.js';

/** The variables that hold a secret the CLI needs: handed over privately, never in the environment. */
const SECRET_VARIABLES = ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY'] as const;

/** Names the fd the child reads its secrets from. */
const HANDOVER_VARIABLE = 'AGENT_TURN_SECRETS_FD';
const HANDOVER_FD = 3;

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

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR1', 'SIGUSR2'] as const;

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
  const child = spawn(file as string, args, { env, stdio: ['inherit', 'inherit', 'inherit', 'pipe'] });
  const pipe = child.stdio[HANDOVER_FD] as NodeJS.WritableStream;
  pipe.on('error', () => undefined);
  pipe.end(JSON.stringify(secrets));
  const forward = (signal: NodeJS.Signals) => () => {
    child.kill(signal);
  };
  const handlers = FORWARDED.map((signal) => [signal, forward(signal)] as const);
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
 * The child's SIGINTs, each Ctrl-C once: a terminal sends SIGINT to the launcher and the child
 * alike, and the launcher passes its own on — a second within `windowMs` is the same key press.
 * Installed once for the process (the second may come after a turn stopped listening); with no
 * handler listening, a SIGINT ends the process as it would without a launcher.
 */
export function dedupedSigint(windowMs = 300): { listen(handler: () => void): () => void } {
  let last = Number.NEGATIVE_INFINITY;
  let current: (() => void) | undefined;
  const onSigint = () => {
    const now = performance.now();
    if (now - last < windowMs) return;
    last = now;
    if (current) return current();
    process.off('SIGINT', onSigint);
    process.kill(process.pid, 'SIGINT');
  };
  process.on('SIGINT', onSigint);
  return {
    listen(handler) {
      current = handler;
      return () => {
        if (current === handler) current = undefined;
      };
    },
  };
}
