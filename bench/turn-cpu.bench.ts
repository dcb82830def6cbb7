// The CPU one agent turn costs, all of it in one process: N turns at once at pace 0 against the
// scripted model as an in-process fetch (no sockets), 5 requests a turn (list, read, command,
// write, complete) with in-memory tools, each turn rendered with selectView on every snapshot.
// Prints the CPU per turn (this process's user + system time / turns), the event-loop delay p99
// and the wall time. Goal: ≤ 5 ms a turn at 1,000 turns with the p99 under 50 ms.
// Then durable turns (agent-turn/restate on a Restate server from node_modules) against the same
// turns in process, at pace 0 (recorded replies) and at the scripted model's realistic pace. For a
// fair comparison the in-process turns do what a durable turn does apart from its journal: each
// reply read whole and joined before the machine sees it (a journaled step's value), the view
// rendered where a durable turn publishes it (before each model request and each tool run, and at
// the end), not on every snapshot. At each
// level the in-process runs and the durable runs alternate, so both see the same load; the table
// at the end gives the durable / in-process wall-time ratios. BENCH_DURABLE=0 leaves them out.
// BENCH_TURNS (default "10,200,1000") the levels; BENCH_REPEAT (default 3) runs per figure.
import { loadavg } from 'node:os';
import { createScriptedModel } from '../scripted/index.js';
import {
  inProcessClient,
  recordedClient,
  runInProcessTurns,
  type InProcessFigures,
} from './turn-cpu/in-process-turns.js';
import type { ChatClient } from '../src/wire/types.js';
import type { DurableFigures, DurableRig } from './turn-cpu/durable-turns.js';
import { best, median } from './many-turns/stats.js';

const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const LEVELS = (process.env.BENCH_TURNS ?? '10,200,1000').split(',').map(Number);

const pair = (values: number[], digits = 1) => `${best(values).toFixed(digits)} / ${median(values).toFixed(digits)}`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** One level's durable comparison: the median wall-time ratio (and the best runs' ratio). */
interface Ratio {
  pace: string;
  count: number;
  median: number;
  best: number;
  inProcessCpu: number;
  durableCpu: number;
  serverCpu: number;
  inProcessP99: number;
  durableP99: number;
}

export async function run(): Promise<void> {
  console.log(`${REPEAT} runs per figure, "best / median"; load average ${load()}`);
  const recorded = await recordedClient();
  const transports: [string, () => ChatClient | undefined][] = [
    ['scripted model as fetch, pace 0', () => undefined],
    ['recorded replies, no fetch, pace 0', () => recorded],
  ];
  for (const [name, client] of transports) {
    await runInProcessTurns(20, client()); // warm-up
    for (const count of LEVELS) {
      const runs: InProcessFigures[] = [];
      for (let i = 0; i < REPEAT; i++) runs.push(await runInProcessTurns(count, client()));
      report(name, count, runs);
    }
  }
  if (process.env.BENCH_DURABLE === '0') return;
  // The SDK reads its log level when it loads: one INFO line per invocation would be measured too.
  process.env.RESTATE_LOGGING ??= 'WARN';
  console.log(
    '\nDurable turns against the same turns in process run as a durable turn runs, without the journal: ' +
      'each reply read whole before the machine sees it, the view rendered before each model request ' +
      'and each tool run and at the end (both sides the same):',
  );
  const ratios = [
    ...(await compare('pace 0, recorded replies', recorded)),
    // At the scripted model's realistic pace (~300 ms to the first token, ~8 ms a token), as fetch.
    ...(await compare('realistic pace, scripted model as fetch', inProcessClient(createScriptedModel()))),
  ];
  summary(ratios);
}

/** At each level, REPEAT in-process runs and REPEAT durable runs, alternating. */
async function compare(pace: string, client: ChatClient): Promise<Ratio[]> {
  const { startDurableRig } = await import('./turn-cpu/durable-turns.js');
  const rig: DurableRig = await startDurableRig(client);
  const ratios: Ratio[] = [];
  try {
    await runInProcessTurns(Math.min(20, LEVELS[0]), client, 'as-durable'); // warm-up
    await rig.run(Math.min(20, LEVELS[0]));
    for (const count of LEVELS) {
      const plain: InProcessFigures[] = [];
      const durable: DurableFigures[] = [];
      for (let i = 0; i < REPEAT; i++) {
        plain.push(await runInProcessTurns(count, client, 'as-durable'));
        durable.push(await rig.run(count));
      }
      ratios.push(reportPair(pace, count, plain, durable));
    }
  } finally {
    await rig.stop();
  }
  return ratios;
}

function reportPair(pace: string, count: number, plain: InProcessFigures[], durable: DurableFigures[]): Ratio {
  const plainWall = plain.map((r) => r.wallMs);
  const durableWall = durable.map((r) => r.wallMs);
  const ratio: Ratio = {
    pace,
    count,
    median: median(durableWall) / median(plainWall),
    best: best(durableWall) / best(plainWall),
    inProcessCpu: median(plain.map((r) => r.cpuMsPerTurn)),
    durableCpu: median(durable.map((r) => r.cpuMsPerTurn)),
    serverCpu: median(durable.map((r) => r.serverCpuMsPerTurn)),
    inProcessP99: median(plain.map((r) => r.eventLoopP99Ms)),
    durableP99: median(durable.map((r) => r.eventLoopP99Ms)),
  };
  const failed =
    plain.reduce((n, r) => n + r.count - r.completed, 0) + durable.reduce((n, r) => n + r.count - r.completed, 0);
  const seconds = (walls: number[]) =>
    pair(
      walls.map((w) => w / 1000),
      2,
    );
  console.log(
    `${String(count).padStart(5)} turns at once (${pace}, ${Math.round(plain[0].viewsPerTurn)} views/turn): ` +
      `in process wall ${seconds(plainWall)} s, CPU ${pair(
        plain.map((r) => r.cpuMsPerTurn),
        2,
      )} ms/turn, ` +
      `p99 ${pair(plain.map((r) => r.eventLoopP99Ms))} ms; durable wall ${seconds(durableWall)} s, ` +
      `CPU ${pair(
        durable.map((r) => r.cpuMsPerTurn),
        2,
      )} ms/turn here + ${pair(
        durable.map((r) => r.serverCpuMsPerTurn),
        2,
      )} ms/turn the Restate server, p99 ${pair(durable.map((r) => r.eventLoopP99Ms))} ms; ` +
      `durable / in process ${ratio.median.toFixed(2)}× (best ${ratio.best.toFixed(2)}×); load ${load()}` +
      (failed > 0 ? `; ${failed} turns did not complete` : ''),
  );
  return ratio;
}

function summary(ratios: Ratio[]): void {
  console.log(`\nDurable / in-process wall time (medians; best runs' ratio in brackets), load average ${load()}:`);
  console.log(
    '| pace | turns | durable / in process | CPU/turn in process | CPU/turn durable worker + server | loop p99 in process / durable |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of ratios)
    console.log(
      `| ${r.pace} | ${r.count} | ${r.median.toFixed(2)}× (${r.best.toFixed(2)}×) | ${r.inProcessCpu.toFixed(2)} ms | ` +
        `${r.durableCpu.toFixed(2)} + ${r.serverCpu.toFixed(2)} ms | ${r.inProcessP99.toFixed(1)} / ${r.durableP99.toFixed(1)} ms |`,
    );
}

function report(name: string, count: number, runs: InProcessFigures[]): void {
  const failed = runs.reduce((n, r) => n + r.count - r.completed, 0);
  console.log(
    `${String(count).padStart(5)} turns at once (${name}; ${runs[0].requestsPerTurn} requests a turn): ` +
      `CPU ${pair(
        runs.map((r) => r.cpuMsPerTurn),
        2,
      )} ms/turn; event-loop delay p99 ${pair(runs.map((r) => r.eventLoopP99Ms))} ms; ` +
      `wall ${pair(
        runs.map((r) => r.wallMs / 1000),
        2,
      )} s; ${Math.round(runs[0].viewsPerTurn)} views/turn` +
      (failed > 0 ? `; ${failed} turns did not complete` : ''),
  );
}
