// Many concurrent agent turns in one Node process against the scripted model served over loopback
// HTTP by a separate process: heap per live turn, event-loop delay p99 while they stream, latency
// from the server's write to the selectView update that shows it, and throughput at pace 0.
// Goal: 1,000 concurrent turns with an event-loop delay p99 under 50 ms on a 2-core machine.
// The transport's floor is printed too: the same requests with every reply read and dropped
// (read-floor.ts), through fetch and through node:http.
// BENCH_REPEAT (default 3) runs per figure; best and median are printed (the machine may be shared:
// an idle probe process measures the delay any process sees meanwhile, the machine's floor).
// BENCH_TURNS (default "10,100,1000") the levels.
import { loadavg } from 'node:os';
import { recordTurnRequests, runReadFloor, type FloorFigures } from './many-turns/read-floor.js';
import { MODEL, runTurns, TASK, turnTools, type RunFigures } from './many-turns/run-turns.js';
import { startDelayProbe, startServerProcess } from './many-turns/server-process.js';
import { best, median } from './many-turns/stats.js';

const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const LEVELS = (process.env.BENCH_TURNS ?? '10,100,1000').split(',').map(Number);
/** BENCH_TRANSPORT (default "fetch,node"): the global fetch, agent-turn/node's createNodeHttpFetch, or both. */
const TRANSPORTS = (process.env.BENCH_TRANSPORT ?? 'fetch,node').split(',') as ('fetch' | 'node')[];
/** Realistic arrival: the turns of one level start over this window, not in one instant. */
const SPREAD_MS = 1000;

const pair = (values: number[], digits = 1, lowerIsBetter = true) =>
  `${best(values, lowerIsBetter).toFixed(digits)} / ${median(values).toFixed(digits)}`;

function check(run: RunFigures): void {
  if (run.completed !== run.count) {
    console.log(
      `  warning: ${run.count - run.completed} of ${run.count} turns did not complete: ${JSON.stringify(run.failures)}`,
    );
  }
}

export async function run(): Promise<void> {
  console.log(
    `${REPEAT} runs per figure, "best / median"; the model server runs in its own process. Wall-clock figures depend on the machine's load (1-minute load average shown).`,
  );
  const paced = await startServerProcess('realistic');
  try {
    await runTurns({ url: paced.url, count: 10, spreadMs: 0 }); // warm-up
    for (const [count, transport] of LEVELS.flatMap((n) => TRANSPORTS.map((t) => [n, t] as const))) {
      const runs: RunFigures[] = [];
      const floors: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        const probe = startDelayProbe();
        const r = await runTurns({ url: paced.url, count, spreadMs: SPREAD_MS, heapAtMs: 700, transport });
        floors.push((await probe.stop()).p99Ms);
        check(r);
        runs.push(r);
      }
      console.log(
        `${String(count).padStart(5)} turns (realistic pace, started over ${SPREAD_MS} ms, ${transport === 'node' ? 'createNodeHttpFetch' : 'fetch'}; load ${loadAverage()}): ` +
          `heap ${pair(runs.map((r) => r.heapPerTurnKiB ?? NaN))} KiB/live turn; ` +
          `event-loop delay p99 ${pair(runs.map((r) => r.eventLoopP99Ms))} ms (max ${pair(
            runs.map((r) => r.eventLoopMaxMs),
            0,
          )}; ` +
          `an idle process beside it: p99 ${pair(floors)} ms); write→view p50 ${pair(runs.map((r) => r.latencyP50Ms))} ms, p99 ${pair(runs.map((r) => r.latencyP99Ms))} ms; ` +
          `CPU ${pair(runs.map((r) => r.cpuMsPerTurn))} ms/turn, ${pair(
            runs.map((r) => r.coreShare * 100),
            0,
          )}% of a core; ` +
          `wall ${pair(runs.map((r) => r.wallMs / 1000))} s; ${Math.round(runs[0].viewsPerTurn)} views/turn`,
      );
    }
    // The floor under those figures: the same requests, each reply read and dropped.
    const bodies = await recordTurnRequests(paced.url, MODEL, TASK, turnTools());
    for (const count of LEVELS) {
      for (const transport of ['fetch', 'node:http'] as const) {
        const runs: FloorFigures[] = [];
        for (let i = 0; i < REPEAT; i++) {
          runs.push(await runReadFloor({ url: paced.url, count, spreadMs: SPREAD_MS, bodies, transport }));
        }
        console.log(
          `${String(count).padStart(5)} turns' replies read and dropped (${transport}, ${bodies.length} requests a turn; load ${loadAverage()}): ` +
            `CPU ${pair(runs.map((r) => r.cpuMsPerTurn))} ms/turn, ${pair(runs.map((r) => r.cpuUsPerRead))} µs/read, ` +
            `${pair(
              runs.map((r) => r.readsPerTurn),
              0,
            )} reads/turn, ${pair(
              runs.map((r) => r.coreShare * 100),
              0,
            )}% of a core; ` +
            `event-loop delay p99 ${pair(runs.map((r) => r.eventLoopP99Ms))} ms`,
        );
      }
    }
  } finally {
    await paced.stop();
  }
  const fast = await startServerProcess(0);
  try {
    await runTurns({ url: fast.url, count: 10, spreadMs: 0 }); // warm-up
    for (const count of LEVELS) {
      const runs: RunFigures[] = [];
      for (let i = 0; i < REPEAT; i++) {
        const r = await runTurns({ url: fast.url, count, spreadMs: 0 });
        check(r);
        runs.push(r);
      }
      const rates = runs.map((r) => (r.completed / r.wallMs) * 1000);
      console.log(
        `${String(count).padStart(5)} turns at once (pace 0; load ${loadAverage()}): ${pair(rates, 0, false)} turns/s; ` +
          `CPU ${pair(runs.map((r) => r.cpuMsPerTurn))} ms/turn; event-loop delay p99 ${pair(runs.map((r) => r.eventLoopP99Ms))} ms`,
      );
    }
  } finally {
    await fast.stop();
  }
}

function loadAverage(): string {
  return loadavg()[0].toFixed(1);
}
