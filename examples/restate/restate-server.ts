// The Restate server from node_modules (@restatedev/restate-server ships the binary), on
// 127.0.0.1 with free ports and a temporary data directory, telemetry and web UI off; and the
// admin API's deployment registration. Used by the example and the tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
  /** Registers a worker (its base URL); `http1` for a worker serving HTTP/1.1 (request-response mode). */
  register(uri: string, options?: { http1?: boolean }): Promise<void>;
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
  const log = openSync(logFile, 'a');
  const child = spawn(
    serverBinary(),
    ['--config-file', config, '--base-dir', join(dir, 'data'), '--no-logo', '--listen-mode', 'tcp'],
    {
      stdio: ['ignore', log, log],
      env: { ...process.env, RESTATE_DISABLE_TELEMETRY: 'true' },
    },
  );
  closeSync(log);
  // Never outlive the process that started it (a test runner that gives up, Ctrl-C).
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const adminUrl = `http://127.0.0.1:${admin}`;
  const ingressUrl = `http://127.0.0.1:${ingress}`;
  const stop = async () => {
    process.off('exit', orphanGuard);
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const timeoutMs = options.timeoutMs ?? 60_000;
    await waitUntil('admin API', async () => (await fetch(`${adminUrl}/health`)).ok, child, timeoutMs);
    await waitUntil('ingress', async () => (await fetch(`${ingressUrl}/restate/health`)).ok, child, timeoutMs);
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
    },
    stop,
  };
}
