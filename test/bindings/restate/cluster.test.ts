// Durable turns on a three-node Restate cluster (restate-server from node_modules on 127.0.0.1:
// separate ports and base folders, the replicated metadata server on every node, replication 2),
// the worker registered once. The node leading the partition is SIGKILLed mid-turn, then the node
// the client talks to (the client moves to another ingress), then the worker inside a command:
// every turn completes, each tool started once, the output and files those of an unkilled run.
// With two of the three nodes down nothing moves; once one is back every turn completes. A turn
// waiting for approval outlives the partition leader: the decision made after the kill lands once.
// With two of the three nodes down nothing moves; once one is back every turn completes. A turn
// waiting for approval outlives the partition leader: the decision made after the kill lands once.
// Each phase has a hard time-out; the failover times are printed.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../../../app/serve/serve-scripted-model.js';
import { DURABLE_OUTCOME_UNKNOWN_TEXT, type DurableTurnOutput } from '../../../bindings/restate/index.js';
import { freePort } from '../../../examples/restate/free-port.js';
import {
  startRestateCluster,
  type RestateCluster,
  type RestateClusterNode,
} from '../../../examples/restate/restate-cluster.js';
import { startWorker, type WorkerProcess } from '../../../examples/restate/worker-process.js';
import { clusterIngress, type ClusterIngress } from './cluster-ingress.js';
import { withoutIds } from './turn-ingress.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';

const TASK = 'Run `echo run >> log.txt`, then write notes.md';
const SLOW_COMMAND = 'echo start >> starts.txt && sleep 1 && echo run >> log.txt';
const TURNS = 3;
/** The longest a phase may take before it fails (each phase's turns run side by side). */
const PHASE_MS = 60_000;

let model: ScriptedServer;
let cluster: RestateCluster;
let worker: WorkerProcess;
let workerPort: number;
const dirs: string[] = [];
/** Every line the workers printed, with when: `attempt <key>`, `tool <key> <name>`. */
const lines: { at: number; line: string }[] = [];
let onLine: (line: string) => void = () => {};
let calm: { out: DurableTurnOutput; tools: string[]; notes: string };
/** Failover times measured (ms), by phase, for the report line. */
const failovers: Record<string, number[]> = {};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const startTheWorker = () =>
  startWorker({
    port: workerPort,
    modelUrl: model.url,
    trace: true,
    onLine: (line) => {
      lines.push({ at: Date.now(), line });
      onLine(line);
    },
  });

async function workspace(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'agent-turn-cluster-'));
  dirs.push(dir);
  await writeFile(join(dir, 'README.md'), '# Pocket Ledger\nTrack small expenses.\n');
  return dir;
}

/** The tools the worker started for `key`, in order (replays run none). */
const toolsStarted = (key: string) =>
  lines.flatMap(({ line }) => {
    const m = /^tool (\S+) (\S+)$/.exec(line);
    return m && m[1] === key ? [m[2]] : [];
  });

/** When the worker was first asked to (re)run `key`'s turn after `since` (the failover's end), or undefined. */
const attemptAfter = (key: string, since: number) =>
  lines.find(({ at, line }) => at > since && line === `attempt ${key}`)?.at;

/** Calls `action` once, when the worker starts `tool` for `key`. */
function when(key: string, tool: string, action: () => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    onLine = (line) => {
      if (line !== `tool ${key} ${tool}`) return;
      onLine = () => {};
      action().then(resolve, reject);
    };
  });
}

/** Starts `TURNS` turns named `<phase>-<i>` through `ingress`; resolves with their keys, dirs and outputs. */
async function runTurns(phase: string, ingress: ClusterIngress, task = TASK) {
  const turns = await Promise.all(
    Array.from({ length: TURNS }, async (_, i) => {
      const key = `${phase}-${i}`;
      const dir = await workspace();
      return { key, dir, id: await ingress.sendTurn(key, { task, workspace: dir }) };
    }),
  );
  const outputs = await Promise.all(turns.map((t) => ingress.attachTurn(t.id)));
  return turns.map((t, i) => ({ ...t, out: outputs[i] }));
}

/** Every turn as the unkilled run: the same output (ids aside), each tool started once, the same files. */
async function expectUndisturbed(turns: Awaited<ReturnType<typeof runTurns>>) {
  for (const t of turns) {
    expect(t.out.reason).toBe('completed');
    expect(withoutIds(t.out)).toEqual(withoutIds(calm.out));
    expect(toolsStarted(t.key)).toEqual(calm.tools);
    expect(await readFile(join(t.dir, 'log.txt'), 'utf8')).toBe('run\n');
    expect(await readFile(join(t.dir, 'notes.md'), 'utf8')).toBe(calm.notes);
  }
}

/** Kills `node` 400 ms into the second model step of `<phase>-0` (after its list_files), runs the phase's turns, restarts the node. */
async function phaseKilling(
  phase: string,
  ingress: ClusterIngress,
  pick: () => Promise<RestateClusterNode>,
  whileDown: () => Promise<void> = async () => {},
) {
  let killedAt = 0;
  let killed: RestateClusterNode | undefined;
  const kill = when(`${phase}-0`, 'list_files', async () => {
    await pause(400);
    killed = await pick();
    killedAt = Date.now();
    await killed.kill();
  });
  const turns = await within(PHASE_MS, `${phase}: the turns`, runTurns(phase, ingress));
  await kill;
  await whileDown();
  failovers[phase] = turns.flatMap((t) => {
    const at = attemptAfter(t.key, killedAt);
    return at === undefined ? [] : [at - killedAt];
  });
  await within(
    PHASE_MS,
    `${phase}: restarting ${killed!.name}`,
    killed!.restart().then(() => cluster.settled()),
  );
  return { turns, killed: killed! };
}

beforeAll(async () => {
  model = await startScriptedServer({ port: 0 }); // realistic pace: a kill 400 ms in lands mid-stream
  cluster = await startRestateCluster({ nodes: 3, replication: 2 });
  workerPort = await freePort();
  worker = await startTheWorker();
  await cluster.register(worker.url);
  await cluster.settled();
}, 120_000);

afterAll(async () => {
  const figures = Object.entries(failovers)
    .map(([phase, ms]) => `${phase} ${ms.map((m) => `${(m / 1000).toFixed(1)} s`).join(', ')}`)
    .join('; ');
  console.log(`cluster failover (kill to the worker asked again): ${figures}`);
  await worker?.stop();
  await cluster?.stop();
  await model?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('durable turns on a three-node Restate cluster (replication 2)', () => {
  it(
    'an unkilled turn, the reference',
    async () => {
      const dir = await workspace();
      const ingress = clusterIngress(cluster.nodes.map((n) => n.ingressUrl));
      const out = await within(
        PHASE_MS,
        'calm',
        ingress.attachTurn(await ingress.sendTurn('calm', { task: TASK, workspace: dir })),
      );
      expect(out.reason).toBe('completed');
      calm = { out, tools: toolsStarted('calm'), notes: await readFile(join(dir, 'notes.md'), 'utf8') };
      expect(calm.tools).toEqual(['list_files', 'read_file', 'execute_command', 'write_to_file']);
    },
    PHASE_MS + 5_000,
  );

  it(
    'the node leading the partition killed mid-turn: its follower takes over, every turn completes as unkilled',
    async () => {
      const leader = await cluster.leaderOf(0);
      expect(leader).toBeDefined();
      const client = cluster.nodes.findIndex((n) => n !== leader);
      const ingress = clusterIngress(
        cluster.nodes.map((n) => n.ingressUrl),
        client,
      );
      // The partition's leader when the kill comes (every turn asked again elsewhere shows it led).
      const { turns } = await phaseKilling('leader', ingress, async () => (await cluster.leaderOf(0))!);
      expect(failovers.leader).toHaveLength(TURNS);
      await expectUndisturbed(turns);
      expect(ingress.used).toEqual([cluster.nodes[client].ingressUrl]);
    },
    3 * PHASE_MS,
  );

  it(
    'the node the client talks to (leading the partition now) killed mid-turn: the client moves to another ingress',
    async () => {
      const leader = (await cluster.leaderOf(0))!;
      const urls = cluster.nodes.map((n) => n.ingressUrl);
      const ingress = clusterIngress(urls, cluster.nodes.indexOf(leader));
      const { turns } = await phaseKilling('client-node', ingress, async () => leader);
      // It led the partition: every turn was run again elsewhere.
      expect(failovers['client-node']).toHaveLength(TURNS);
      await expectUndisturbed(turns);
      expect(ingress.used[0]).toBe(leader.ingressUrl);
      expect(ingress.current()).not.toBe(leader.ingressUrl);
    },
    3 * PHASE_MS,
  );

  it(
    'two of three nodes down: no turn moves; once one is back every turn completes as unkilled',
    async () => {
      const leader = (await cluster.leaderOf(0))!;
      const other = cluster.nodes.find((n) => n !== leader)!;
      const survivor = cluster.nodes.find((n) => n !== leader && n !== other)!;
      const ingress = clusterIngress(
        cluster.nodes.map((n) => n.ingressUrl),
        cluster.nodes.indexOf(survivor),
      );
      let progressWhileDown = -1;
      let backAt = 0;
      const outage = when('majority-0', 'list_files', async () => {
        await pause(400);
        await Promise.all([leader.kill(), other.kill()]);
        const before = lines.length;
        await pause(4_000);
        progressWhileDown = lines.slice(before).filter(({ line }) => line.startsWith('tool majority-')).length;
        backAt = Date.now();
        await leader.restart();
      });
      const turns = await within(PHASE_MS, 'majority: the turns', runTurns('majority', ingress));
      await outage;
      failovers['majority (from the restart)'] = turns.flatMap((t) => {
        const at = attemptAfter(t.key, backAt);
        return at === undefined ? [] : [at - backAt];
      });
      await within(
        PHASE_MS,
        `majority: restarting ${other.name}`,
        other.restart().then(() => cluster.settled()),
      );
      expect(progressWhileDown).toBe(0);
      await expectUndisturbed(turns);
    },
    3 * PHASE_MS,
  );

  it(
    'the partition leader killed while a turn waits for approval: the decision made after it lands once',
    async () => {
      const SECRET = 'a-turn-secret-of-24-chars';
      const leader = (await cluster.leaderOf(0))!;
      const ingress = clusterIngress(
        cluster.nodes.map((n) => n.ingressUrl),
        cluster.nodes.indexOf(leader),
      );
      const dir = await workspace();
      const id = await ingress.sendTurn('approval', {
        task: TASK,
        workspace: dir,
        approval: ['execute_command'],
        approvalSecret: SECRET,
      });
      let pending: { callId: string } | null = null;
      while (pending === null) {
        pending = await ingress.call<{ callId: string } | null>('/agentTurn/approval/approval');
        if (pending === null) await pause(100);
      }
      const killedAt = Date.now();
      await leader.kill();
      const answer = await within(
        PHASE_MS,
        'approval: deciding',
        ingress.call('/agentTurn/approval/approve', { callId: pending.callId, secret: SECRET }),
      );
      failovers['approval (kill to decided)'] = [Date.now() - killedAt];
      expect(answer).toEqual({ decided: true, callId: pending.callId });
      const out = await within(PHASE_MS, 'approval: the turn', ingress.attachTurn(id));
      await within(
        PHASE_MS,
        `approval: restarting ${leader.name}`,
        leader.restart().then(() => cluster.settled()),
      );
      expect(out.reason).toBe('completed');
      expect(withoutIds(out)).toEqual(withoutIds(calm.out));
      expect(toolsStarted('approval')).toEqual(calm.tools);
      expect(await readFile(join(dir, 'log.txt'), 'utf8')).toBe('run\n');
      expect(ingress.current()).not.toBe(leader.ingressUrl);
      expect(await ingress.call('/agentTurn/approval/approve', { callId: pending.callId, secret: SECRET })).toEqual({
        decided: false,
        reason: 'nothing-waiting',
      });
    },
    3 * PHASE_MS,
  );

  it(
    'the worker killed inside a command: it runs once, the model is told its outcome is unknown, the turn completes',
    async () => {
      const dir = await workspace();
      const ingress = clusterIngress(cluster.nodes.map((n) => n.ingressUrl));
      const kill = when('in-command', 'execute_command', async () => {
        await pause(400);
        await worker.kill();
        worker = await startTheWorker();
      });
      const id = await ingress.sendTurn('in-command', {
        task: `Run \`${SLOW_COMMAND}\`, then write notes.md`,
        workspace: dir,
      });
      const out = await within(PHASE_MS, 'in-command', ingress.attachTurn(id));
      await kill;
      expect(out.reason).toBe('completed');
      expect(toolsStarted('in-command')).toEqual(['list_files', 'read_file', 'execute_command', 'write_to_file']);
      expect(await readFile(join(dir, 'starts.txt'), 'utf8')).toBe('start\n');
      await expect(readFile(join(dir, 'log.txt'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
      const command = out.requests.flatMap((r) => r.toolResults).find((t) => t.name === 'execute_command');
      expect(command?.content).toBe(DURABLE_OUTCOME_UNKNOWN_TEXT);
      expect(await readFile(join(dir, 'notes.md'), 'utf8')).toContain('outcome unknown');
    },
    PHASE_MS + 5_000,
  );
});
