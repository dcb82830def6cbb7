// The Restate server from node_modules (@restatedev/restate-server ships the binary), on
// 127.0.0.1 with free ports and a temporary data directory, telemetry and web UI off, its release
// check kept on loopback; the admin API's deployment registration; a crash (SIGKILL) and a
// restart on the same data. Used by the example and the tests.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

export interface RestateServer {
  /** The ingress, e.g. http://127.0.0.1:41234 (POST /<object>/<key>/<handler>). */
  ingressUrl: string;
  /** The admin API, e.g. http://127.0.0.1:41235 (POST /deployments). */
  adminUrl: string;
  /** The server's log file (in the temporary directory, gone after stop()). */
  logFile: string;
  /**
   * Registers a worker (its base URL) as a deployment; `http1` for a worker serving HTTP/1.1
   * (request-response mode). Resolves with the deployment's id.
   */
  register(uri: string, options?: { http1?: boolean }): Promise<string>;
  /**
   * Points deployment `id` at a new address (the admin API's PATCH /deployments/<id>): the way a
   * replacement worker at another address takes over the invocations pinned to that deployment.
   */
  moveDeployment(id: string, uri: string): Promise<void>;
  /**
   * Whether the server's release check (a lookup of api.github.com at every start, which no
   * setting of restate-server 1.7 turns off) is sent to 127.0.0.1 instead (see loopbackOnly).
   */
  releaseCheckStaysLocal: boolean;
  /** SIGKILLs the server, as a crash; resolves when it is gone. Its data stays for restart(). */
  kill(): Promise<void>;
  /** Starts the server again on the same ports and data; resolves once it answers. */
  restart(): Promise<void>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
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
async function releaseCheckHosts(dir: string): Promise<string | undefined> {
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

/** Starts a fresh single-node Restate server; resolves once its admin API and ingress answer. */
export async function startRestateServer(options: { timeoutMs?: number } = {}): Promise<RestateServer> {
  const dir = await mkdtemp(join(tmpdir(), 'agent-turn-restate-'));
  const [fabric, admin, ingress] = [await freePort(), await freePort(), await freePort()];
  const config = join(dir, 'restate.toml');
  await writeFile(
    config,
    [
      `bind-address = "127.0.0.1:${fabric}"`,
      `advertised-address = "http://127.0.0.1:${fabric}/"`,
      'node-name = "agent-turn"',
      'disable-telemetry = true',
      'default-num-partitions = 4',
      // Completed turns keep their journal a while: the tests count its records.
      'default-journal-retention = "1h"',
      'log-format = "compact"',
      'log-disable-ansi-codes = true',
      '[admin]',
      `bind-address = "127.0.0.1:${admin}"`,
      'disable-web-ui = true',
      '[ingress]',
      `bind-address = "127.0.0.1:${ingress}"`,
      // A killed worker is retried soon: 100 ms, doubling up to 2 s, for a long while.
      '[default-retry-policy]',
      'initial-interval = "100ms"',
      'exponentiation-factor = 2.0',
      'max-interval = "2s"',
      'max-attempts = 1000',
      'on-max-attempts = "kill"',
      '',
    ].join('\n'),
  );
  const logFile = join(dir, 'restate.log');
  const hosts = await releaseCheckHosts(dir);
  const adminUrl = `http://127.0.0.1:${admin}`;
  const ingressUrl = `http://127.0.0.1:${ingress}`;
  let child: ChildProcess;
  let exited: Promise<void>;
  // Never outlive the process that started it (a test runner that gives up, Ctrl-C).
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const launch = async (timeoutMs: number) => {
    const log = openSync(logFile, 'a');
    const command = [
      serverBinary(),
      '--config-file',
      config,
      '--base-dir',
      join(dir, 'data'),
      '--no-logo',
      '--listen-mode',
      'tcp',
    ];
    const [file, ...args] = hosts === undefined ? command : loopbackOnly(hosts, command);
    child = spawn(file, args, {
      stdio: ['ignore', log, log],
      env: { ...process.env, RESTATE_DISABLE_TELEMETRY: 'true' },
    });
    closeSync(log);
    const started = child;
    exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
    await waitUntil('admin API', async () => (await fetch(`${adminUrl}/health`)).ok, started, timeoutMs);
    await waitUntil('ingress', async () => (await fetch(`${ingressUrl}/restate/health`)).ok, started, timeoutMs);
  };
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const stop = async () => {
    process.off('exit', orphanGuard);
    await end('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  };
  const timeoutMs = options.timeoutMs ?? 60_000;
  try {
    await launch(timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    ingressUrl,
    adminUrl,
    logFile,
    async register(uri, registerOptions = {}) {
      const response = await fetch(`${adminUrl}/deployments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uri, force: true, ...(registerOptions.http1 ? { use_http_11: true } : {}) }),
      });
      if (!response.ok) throw new Error(`registering ${uri}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { id: string }).id;
    },
    async moveDeployment(id, uri) {
      const response = await fetch(`${adminUrl}/deployments/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uri }),
      });
      if (!response.ok)
        throw new Error(`moving deployment ${id} to ${uri}: ${response.status} ${await response.text()}`);
    },
    releaseCheckStaysLocal: hosts !== undefined,
    kill: () => end('SIGKILL'),
    restart: () => launch(timeoutMs),
    stop,
  };
}
