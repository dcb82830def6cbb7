// One restate-server process from node_modules (@restatedev/restate-server ships the binary): its
// release check kept on loopback, its log in a file, started, SIGKILLed or stopped, and started
// again on the same data. What restate-server.ts (one node) and restate-cluster.ts (several) share.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** One restate-server process: its config file and data directory stay across kill() and launch(). */
export interface RestateProcess {
  /** Starts the process; resolves once every `ready` URL answers 200 (a 60 s budget by default). */
  launch(timeoutMs?: number): Promise<void>;
  /** SIGKILLs it, as a crash; resolves when it is gone. */
  kill(): Promise<void>;
  /** SIGTERM (SIGKILL after 10 s); resolves when it is gone. */
  stop(): Promise<void>;
  /** Whether it runs now. */
  running(): boolean;
}

function serverBinary(): string {
  const require = createRequire(import.meta.url);
  return require.resolve(`@restatedev/restate-server-${process.platform}-${process.arch}/bin/restate-server`);
}

async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`restate-server exited (${child.exitCode}) before ${what}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`restate-server: no ${what} after ${timeoutMs} ms`);
}

/**
 * restate-server 1.7.12 asks api.github.com for its latest release at every start (a task spawned
 * unconditionally in its main; telemetry settings do not cover it; it logs an `octocrab` error
 * when it cannot). To keep every byte on loopback, the server runs in its own user and mount
 * namespaces (util-linux `unshare`, no privileges needed where user namespaces are allowed) with
 * an /etc/hosts that names 127.0.0.1 for GitHub's hosts, so the check fails at once on loopback.
 * Its network is the host's: it still reaches the workers on 127.0.0.1. Undefined (no such
 * namespaces here): the server starts as it is, and its release check goes out.
 */
export async function releaseCheckHosts(dir: string): Promise<string | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    execFileSync('unshare', ['--user', '--map-root-user', '--mount', 'true'], { stdio: 'ignore', timeout: 5_000 });
  } catch {
    return undefined;
  }
  const file = join(dir, 'hosts');
  const own = await readFile('/etc/hosts', 'utf8').catch(() => '127.0.0.1 localhost\n');
  await writeFile(file, `127.0.0.1 api.github.com uploads.github.com github.com\n${own}`);
  return file;
}

/** `command` in its own user and mount namespaces, /etc/hosts replaced by `hosts`. */
function loopbackOnly(hosts: string, command: readonly string[]): string[] {
  return [
    'unshare',
    '--user',
    '--map-root-user',
    '--mount',
    '/bin/sh',
    '-c',
    'mount --bind "$0" /etc/hosts && exec "$@"',
    hosts,
    ...command,
  ];
}

/**
 * A restate-server process on `config` with its data under `dataDir`, its output appended to
 * `logFile`, run through `hosts` (see {@link releaseCheckHosts}) when given. `ready` lists the URLs
 * (health endpoints) that must answer 200 before launch() resolves. Killed when this process exits.
 */
export function restateProcess(options: {
  config: string;
  dataDir: string;
  logFile: string;
  hosts: string | undefined;
  ready: readonly string[];
  env?: Record<string, string>;
}): RestateProcess {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  // Never outlive the process that started it (a test runner that gives up, Ctrl-C).
  const orphanGuard = () => child?.kill('SIGKILL');
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const end = async (signal: NodeJS.Signals) => {
    if (running()) {
      child!.kill(signal);
      const timer = setTimeout(() => child?.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', orphanGuard);
  };
  return {
    async launch(timeoutMs = 60_000) {
      const log = openSync(options.logFile, 'a');
      const command = [
        serverBinary(),
        '--config-file',
        options.config,
        '--base-dir',
        options.dataDir,
        '--no-logo',
        '--listen-mode',
        'tcp',
      ];
      const [file, ...args] = options.hosts === undefined ? command : loopbackOnly(options.hosts, command);
      const started = spawn(file, args, {
        stdio: ['ignore', log, log],
        env: { ...process.env, RESTATE_DISABLE_TELEMETRY: 'true', ...options.env },
      });
      child = started;
      closeSync(log);
      process.once('exit', orphanGuard);
      exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
      for (const url of options.ready) await waitUntil(url, async () => (await fetch(url)).ok, started, timeoutMs);
    },
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
    running,
  };
}
