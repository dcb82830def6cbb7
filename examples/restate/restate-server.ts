// The Restate server from node_modules (@restatedev/restate-server ships the binary), on
// 127.0.0.1 with free ports and a temporary data directory, telemetry and web UI off, its release
// check kept on loopback; the admin API's deployment registration; a crash (SIGKILL) and a
// restart on the same data. Used by the example and the tests.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { moveDeployment, registerDeployment } from './restate-admin.js';
import { releaseCheckHosts, restateProcess } from './restate-process.js';

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
  const server = restateProcess({
    config,
    dataDir: join(dir, 'data'),
    logFile,
    hosts,
    ready: [`${adminUrl}/health`, `${ingressUrl}/restate/health`],
  });
  const stop = async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
  const timeoutMs = options.timeoutMs ?? 60_000;
  try {
    await server.launch(timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    ingressUrl,
    adminUrl,
    logFile,
    register: (uri, registerOptions) => registerDeployment(adminUrl, uri, registerOptions),
    moveDeployment: (id, uri) => moveDeployment(adminUrl, id, uri),
    releaseCheckStaysLocal: hosts !== undefined,
    kill: () => server.kill(),
    restart: () => server.launch(timeoutMs),
    stop,
  };
}
