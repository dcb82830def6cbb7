// A Restate cluster on this machine: several restate-server processes from node_modules on
// 127.0.0.1, each with its own ports and base folder, every node running every role (the
// replicated metadata server on all of them), the first one provisioning the cluster, logs and
// partitions replicated to `replication` nodes. Each node can be SIGKILLed and started again on
// its data; which node leads a partition is read from the nodes' logs.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { registerDeployment } from './restate-admin.js';
import { releaseCheckHosts, restateProcess } from './restate-process.js';

/** One node of a {@link RestateCluster}. */
export interface RestateClusterNode {
  /** Its node name (`n1`, `n2`, …). */
  name: string;
  /** Its ingress, e.g. http://127.0.0.1:41234. */
  ingressUrl: string;
  /** Its admin API. */
  adminUrl: string;
  /** Its log file. */
  logFile: string;
  running(): boolean;
  /** SIGKILLs it, as a crash; resolves when it is gone. Its data stays for restart(). */
  kill(): Promise<void>;
  /** Starts it again on its ports and data; resolves once its admin API and ingress answer. */
  restart(): Promise<void>;
}

/** A cluster started by {@link startRestateCluster}. */
export interface RestateCluster {
  nodes: RestateClusterNode[];
  /** Registers a worker once, through the first running node's admin API; resolves with the deployment's id. */
  register(uri: string, options?: { http1?: boolean }): Promise<string>;
  /** The node that leads `partition` now (the highest leader epoch in the nodes' logs), or undefined. */
  leaderOf(partition: number): Promise<RestateClusterNode | undefined>;
  /**
   * Resolves once no partition has changed its leader or its placement for `quietMs` (default 3 s):
   * after a start, a kill or a restart the cluster moves partitions for a few seconds.
   */
  settled(quietMs?: number): Promise<void>;
  /** Whether the nodes' release checks are sent to 127.0.0.1 (see restate-process.ts). */
  releaseCheckStaysLocal: boolean;
  /** Stops every node and removes the cluster's folder. */
  stop(): Promise<void>;
}

/** Options of {@link startRestateCluster}. */
export interface RestateClusterOptions {
  /** Nodes (default 3). */
  nodes?: number;
  /** Copies of each log record and partition (default 2: one node may be down). */
  replication?: number;
  /** Partitions (default 1: one leader, every turn on it). */
  partitions?: number;
  /** How long a node may take to answer after a (re)start (default 60 s). */
  timeoutMs?: number;
}

interface NodePorts {
  fabric: number;
  admin: number;
  ingress: number;
}

function nodeConfig(
  name: string,
  ports: NodePorts,
  all: readonly NodePorts[],
  provisions: boolean,
  options: RestateClusterOptions,
) {
  return [
    `node-name = "${name}"`,
    'cluster-name = "agent-turn-cluster"',
    `bind-address = "127.0.0.1:${ports.fabric}"`,
    `advertised-address = "http://127.0.0.1:${ports.fabric}/"`,
    // One node provisions the cluster; the others join it through the metadata servers.
    `auto-provision = ${provisions}`,
    `default-replication = ${options.replication ?? 2}`,
    `default-num-partitions = ${options.partitions ?? 1}`,
    'disable-telemetry = true',
    'default-journal-retention = "1h"',
    'rocksdb-total-memory-size = "256 MiB"',
    'log-format = "compact"',
    'log-disable-ansi-codes = true',
    '[metadata-client]',
    `addresses = [${all.map((p) => `"http://127.0.0.1:${p.fabric}/"`).join(', ')}]`,
    '[admin]',
    `bind-address = "127.0.0.1:${ports.admin}"`,
    'disable-web-ui = true',
    '[admin.query-engine]',
    'memory-size = "128 MiB"',
    '[ingress]',
    `bind-address = "127.0.0.1:${ports.ingress}"`,
    // A worker or a leader that is gone is retried soon: 100 ms, doubling up to 2 s, for a long while.
    '[default-retry-policy]',
    'initial-interval = "100ms"',
    'exponentiation-factor = 2.0',
    'max-interval = "2s"',
    'max-attempts = 1000',
    'on-max-attempts = "kill"',
    '',
  ].join('\n');
}

const LEADER_LINE = /Processor became Leader of epoch e(\d+)\b.*?partition_id=(\d+)/g;

const CHANGE_LINE = /Processor became Leader|Partition configuration transitions/g;

/** How many leadership and placement changes the nodes' logs hold. */
async function changes(nodes: readonly RestateClusterNode[]): Promise<number> {
  let count = 0;
  for (const node of nodes)
    count += ((await readFile(node.logFile, 'utf8').catch(() => '')).match(CHANGE_LINE) ?? []).length;
  return count;
}

/** The highest leader epoch per partition in one node's log. */
async function leaderEpochs(logFile: string): Promise<Map<number, number>> {
  const epochs = new Map<number, number>();
  const text = await readFile(logFile, 'utf8').catch(() => '');
  for (const [, epoch, partition] of text.matchAll(LEADER_LINE))
    epochs.set(Number(partition), Math.max(epochs.get(Number(partition)) ?? 0, Number(epoch)));
  return epochs;
}

/**
 * Starts a Restate cluster on 127.0.0.1 (3 nodes, replication 2, 1 partition by default); resolves
 * once every node's admin API and ingress answer.
 *
 * @example
 * ```ts
 * const cluster = await startRestateCluster();
 * await cluster.register('http://127.0.0.1:9080');
 * await (await cluster.leaderOf(0))?.kill(); // the partition fails over to its follower
 * ```
 */
export async function startRestateCluster(options: RestateClusterOptions = {}): Promise<RestateCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'agent-turn-restate-cluster-'));
  const count = options.nodes ?? 3;
  const ports: NodePorts[] = [];
  for (let i = 0; i < count; i++)
    ports.push({ fabric: await freePort(), admin: await freePort(), ingress: await freePort() });
  const hosts = await releaseCheckHosts(dir);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const nodes = await Promise.all(
    ports.map(async (own, i) => {
      const name = `n${i + 1}`;
      const nodeDir = join(dir, name);
      await mkdir(nodeDir);
      const config = join(nodeDir, 'restate.toml');
      await writeFile(config, nodeConfig(name, own, ports, i === 0, options));
      const adminUrl = `http://127.0.0.1:${own.admin}`;
      const ingressUrl = `http://127.0.0.1:${own.ingress}`;
      const logFile = join(nodeDir, 'restate.log');
      const server = restateProcess({
        config,
        dataDir: join(nodeDir, 'data'),
        logFile,
        hosts,
        ready: [`${adminUrl}/health`, `${ingressUrl}/restate/health`],
      });
      const node: RestateClusterNode = {
        name,
        ingressUrl,
        adminUrl,
        logFile,
        running: () => server.running(),
        kill: () => server.kill(),
        restart: () => server.launch(timeoutMs),
      };
      return { node, server };
    }),
  );
  const stop = async () => {
    await Promise.all(nodes.map(({ server }) => server.stop()));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    // All at once: the joining nodes wait for the metadata servers of the others.
    await Promise.all(nodes.map(({ server }) => server.launch(timeoutMs)));
  } catch (error) {
    await stop();
    throw error;
  }
  const cluster: RestateCluster = {
    nodes: nodes.map(({ node }) => node),
    async register(uri, registerOptions) {
      const node = cluster.nodes.find((n) => n.running());
      if (node === undefined) throw new Error('registering a deployment: no node of the cluster runs');
      return registerDeployment(node.adminUrl, uri, registerOptions);
    },
    async leaderOf(partition) {
      let best: { node: RestateClusterNode; epoch: number } | undefined;
      for (const node of cluster.nodes) {
        const epoch = (await leaderEpochs(node.logFile)).get(partition);
        if (epoch !== undefined && (best === undefined || epoch > best.epoch)) best = { node, epoch };
      }
      return best?.node;
    },
    async settled(quietMs = 3_000) {
      const deadline = Date.now() + timeoutMs;
      let seen = await changes(cluster.nodes);
      let since = Date.now();
      while (Date.now() - since < quietMs) {
        if (Date.now() > deadline) throw new Error(`the cluster's partitions kept moving for ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 250));
        const now = await changes(cluster.nodes);
        if (now !== seen) [seen, since] = [now, Date.now()];
      }
    },
    releaseCheckStaysLocal: hosts !== undefined,
    stop,
  };
  return cluster;
}
