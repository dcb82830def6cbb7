// The CPU one agent turn costs, all of it in one process: N turns at once at pace 0 against the
// scripted model as an in-process fetch (no sockets), 5 requests a turn (list, read, command,
// write, complete) with in-memory tools, each turn rendered with selectView on every snapshot.
// Prints the CPU per turn (this process's user + system time / turns), the event-loop delay p99
// and the wall time. Goal: ≤ 5 ms a turn at 1,000 turns with the p99 under 50 ms.
// Then the same turns as durable turns (agent-turn/restate on a Restate server from node_modules)
// and their wall time against the in-process runs'; BENCH_DURABLE=0 leaves them out.
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
import type { DurableFigures } from './turn-cpu/durable-turns.js';
import { best, median } from './many-turns/stats.js';

const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const LEVELS = (process.env.BENCH_TURNS ?? '10,200,1000').split(',').map(Number);

const pair = (values: number[], digits = 1) => `${best(values).toFixed(digits)} / ${median(values).toFixed(digits)}`;

export async function run(): Promise<void> {
  console.log(`${REPEAT} runs per figure, "best / median"; load average ${loadavg()[0].toFixed(1)}`);
  const transports: [string, () => ChatClient | undefined][] = [];
  const recorded = await recordedClient();
  transports.push(
    ['scripted model as fetch, pace 0', () => undefined],
    ['recorded replies, no fetch, pace 0', () => recorded],
  );
  const inProcessWall = new Map<number, number[]>();
  for (const [name, client] of transports) {
    await runInProcessTurns(20, client()); // warm-up
    for (const count of LEVELS) {
      const runs: InProcessFigures[] = [];
      for (let i = 0; i < REPEAT; i++) runs.push(await runInProcessTurns(count, client()));
      report(name, count, runs);
      if (client() === recorded)
        inProcessWall.set(
          count,
          runs.map((r) => r.wallMs),
        );
    }
  }
  if (process.env.BENCH_DURABLE === '0') return;
  await durable('recorded replies, pace 0', recorded, inProcessWall);
  // At the scripted model's realistic pace (~300 ms to the first token, ~8 ms a token), as fetch.
  const paced = inProcessClient(createScriptedModel());
  const pacedWall = new Map<number, number[]>();
  for (const count of LEVELS) {
    const runs: InProcessFigures[] = [];
    for (let i = 0; i < REPEAT; i++) runs.push(await runInProcessTurns(count, paced));
    report('scripted model as fetch, realistic pace', count, runs);
    pacedWall.set(
      count,
      runs.map((r) => r.wallMs),
    );
  }
  await durable('scripted model as fetch, realistic pace', paced, pacedWall);
}

/** The same turns as durable turns on a Restate server; the wall-time ratio to the in-process runs. */
async function durable(name: string, client: ChatClient, inProcessWall: Map<number, number[]>): Promise<void> {
  // The SDK reads its log level when it loads: one INFO line per invocation would be measured too.
  process.env.RESTATE_LOGGING ??= 'WARN';
  const { startDurableRig } = await import('./turn-cpu/durable-turns.js');
  const rig = await startDurableRig(client);
  try {
    await rig.run(Math.min(20, LEVELS[0])); // warm-up
    for (const count of LEVELS) {
      const runs: DurableFigures[] = [];
      for (let i = 0; i < REPEAT; i++) runs.push(await rig.run(count));
      const walls = runs.map((r) => r.wallMs);
      const plain = inProcessWall.get(count) ?? [NaN];
      const failed = runs.reduce((n, r) => n + r.count - r.completed, 0);
      console.log(
        `${String(count).padStart(5)} durable turns at once (${name}; a Restate server, the endpoint in this process): ` +
          `wall ${pair(
            walls.map((w) => w / 1000),
            2,
          )} s, ${(median(walls) / median(plain)).toFixed(2)}× the in-process median ` +
          `(best ${(best(walls) / best(plain)).toFixed(2)}×); CPU here ${pair(
            runs.map((r) => r.cpuMsPerTurn),
            2,
          )} ms/turn` +
          (failed > 0 ? `; ${failed} turns did not complete` : ''),
      );
    }
  } finally {
    await rig.stop();
  }
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
