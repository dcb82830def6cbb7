// Two workers behind one Restate server (and a balancer that keeps each invocation on one worker)
// share 50 concurrent durable turns in request-response mode: every turn completes, each command
// ran once (none got an unknown outcome by moving between workers), and both workers ran turns.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../../../app/serve/serve-scripted-model.js';
import { freePort } from '../../../examples/restate/free-port.js';
import { startRestateServer, type RestateServer } from '../../../examples/restate/restate-server.js';
import {
  startInvocationAffinityProxy,
  type InvocationAffinityProxy,
} from '../../../examples/restate/invocation-affinity-proxy.js';
import { startWorker, type WorkerProcess } from '../../../examples/restate/worker-process.js';
import { attachTurn, sendTurn } from './turn-ingress.js';

const TURNS = 50;
const TASK = 'Run `echo run >> log.txt`, then write notes.md';

let model: ScriptedServer;
let restate: RestateServer;
let proxy: InvocationAffinityProxy;
const workers: WorkerProcess[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  model = await startScriptedServer({ port: 0, pace: 1 });
  restate = await startRestateServer();
  for (let i = 0; i < 2; i++)
    workers.push(await startWorker({ port: await freePort(), modelUrl: model.url, http1: true, trace: true }));
  proxy = await startInvocationAffinityProxy(workers.map((w) => w.port));
  await restate.register(proxy.url, { http1: true });
}, 120_000);

afterAll(async () => {
  for (const w of workers) await w.stop();
  await proxy?.close();
  await restate?.stop();
  await model?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('two workers behind one Restate server', () => {
  it(`share ${TURNS} concurrent turns`, async () => {
    const turns = await Promise.all(
      Array.from({ length: TURNS }, async (_, i) => {
        const dir = await mkdtemp(join(tmpdir(), 'agent-turn-shared-'));
        dirs.push(dir);
        await writeFile(join(dir, 'README.md'), `# Project ${i}\n`);
        return {
          dir,
          key: `shared-${i}`,
          id: await sendTurn(restate.ingressUrl, `shared-${i}`, { task: TASK, workspace: dir }),
        };
      }),
    );
    const outputs = await Promise.all(turns.map((t) => attachTurn(restate.ingressUrl, t.id)));
    expect(outputs.map((o) => o.reason)).toEqual(turns.map(() => 'completed'));
    for (const t of turns) expect(await readFile(join(t.dir, 'log.txt'), 'utf8')).toBe('run\n');
    expect(
      outputs
        .flatMap((o) => o.requests.flatMap((r) => r.toolResults))
        .filter((t) => t.content.includes('outcome is unknown')),
    ).toEqual([]);
    // Which worker ran (an attempt of) which turn: both took part.
    const ranBy = workers.map(
      (w) => new Set(w.lines.filter((l) => l.startsWith('attempt ')).map((l) => l.slice('attempt '.length))),
    );
    expect(ranBy[0].size).toBeGreaterThan(0);
    expect(ranBy[1].size).toBeGreaterThan(0);
    expect(new Set([...ranBy[0], ...ranBy[1]]).size).toBe(TURNS);
    console.log(
      `two workers: ${ranBy[0].size} and ${ranBy[1].size} turns had an attempt on each; invocations placed ${proxy.invocations.join(' / ')}`,
    );
  }, 600_000);
});
