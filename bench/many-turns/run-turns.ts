// One measured run: `count` agent turns started over `spreadMs` in this process against the bench
// server, each rendered with selectView on every snapshot (as a UI would), with event-loop delay,
// write-to-view latency, CPU time and, on request, the heap per live turn.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { toPromise } from 'xstate';
import { createAgentTurnActor } from '../../machines/machine/agent-turn-actor.js';
import { selectView } from '../../machines/view/select-view.js';
import { createNodeHttpFetch } from '../../bindings/node/node-http-fetch.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import type { FetchLike } from '../../src/wire/types.js';
import { epochNow } from './clock.js';
import { stampReadingFetch, type StampQueue } from './stamp-reader.js';
import { percentile } from './stats.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export interface RunOptions {
  url: string;
  count: number;
  /** Starts are spread evenly over this many milliseconds (0: all at once). */
  spreadMs: number;
  /**
   * Milliseconds after the last start at which the heap is measured after a full GC, or undefined
   * for none. The GC's pause is left out of the event-loop delay and of the latencies.
   */
  heapAtMs?: number;
  /** How the turns reach the server: the global fetch (default) or agent-turn/node's createNodeHttpFetch. */
  transport?: 'fetch' | 'node';
}

export interface RunFigures {
  count: number;
  completed: number;
  /** Turns that did not complete, by `reason/error code`. */
  failures: Record<string, number>;
  wallMs: number;
  cpuMsPerTurn: number;
  /** Share of one core this process used over the run (CPU time / wall time). */
  coreShare: number;
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencySamples: number;
  /** Heap growth per live turn (KiB), when measured. */
  heapPerTurnKiB?: number;
  viewsPerTurn: number;
}

/** The model every measured turn asks. */
export const MODEL = 'scripted:qwen3.6-plus';

/** The task of every measured turn. */
export const TASK = 'Read README.md and write notes.md with what you learn.';

/** A fresh in-memory workspace per turn: the three tools the task uses. */
export function turnTools() {
  const files = new Map([
    ['README.md', '# Pocket Ledger\nTrack small expenses from the terminal.\n\n## Usage\n\nledger add 4.20 coffee\n'],
    ['src/app.ts', 'export const app = 1;\n'],
  ]);
  return {
    list_files: async () => [...files.keys()].join('\n'),
    read_file: async (use: { params: Record<string, string> }) =>
      files.get(use.params.path ?? '') ?? { content: `no such file: ${use.params.path}`, isError: true },
    write_to_file: async (use: { params: Record<string, string> }) => {
      files.set(use.params.path!, use.params.content ?? '');
      return `wrote ${use.params.path}`;
    },
  };
}

export async function runTurns(options: RunOptions): Promise<RunFigures> {
  const { url, count, spreadMs } = options;
  const transport: FetchLike =
    options.transport === 'node' ? createNodeHttpFetch() : (input, init) => fetch(input, init);
  const latencies: number[] = [];
  let views = 0;
  let heapPerTurnKiB: number | undefined;
  let gcFrom = Infinity;
  let gcTo = -Infinity;
  gc();
  const heapBefore = process.memoryUsage().heapUsed;

  const loop = monitorEventLoopDelay({ resolution: 10 });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  loop.enable();

  const startOne = () => {
    const queue: StampQueue = { stamps: [] };
    const client = createChatClient({
      baseURL: url,
      fetch: stampReadingFetch(transport, queue),
    });
    const actor = createAgentTurnActor({
      client,
      model: MODEL,
      messages: [{ role: 'user', content: TASK }],
      tools: turnTools(),
    });
    actor.subscribe((snapshot) => {
      selectView(snapshot);
      views++;
      if (queue.stamps.length === 0) return;
      const now = epochNow();
      for (const stamp of queue.stamps) if (stamp > gcTo || now < gcFrom) latencies.push(now - stamp);
      queue.stamps.length = 0;
    });
    const done = toPromise(actor);
    actor.start();
    return done;
  };

  const outputs: Promise<{ reason: string; error?: { code: string; message: string } }>[] = [];
  for (let i = 0; i < count; i++) {
    const at = count === 1 ? 0 : (i * spreadMs) / (count - 1);
    outputs.push(new Promise((resolve, reject) => setTimeout(() => startOne().then(resolve, reject), at)));
  }
  if (options.heapAtMs !== undefined) {
    await new Promise((r) => setTimeout(r, spreadMs + options.heapAtMs!));
    loop.disable();
    gcFrom = epochNow();
    gc();
    heapPerTurnKiB = (process.memoryUsage().heapUsed - heapBefore) / count / 1024;
    gcTo = epochNow();
    loop.enable();
  }
  const results = await Promise.all(outputs);
  loop.disable();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const failures: Record<string, number> = {};
  for (const r of results) {
    if (r.reason === 'completed') continue;
    const key = `${r.reason}/${r.error?.code ?? '-'}: ${r.error?.message.slice(0, 80) ?? ''}`;
    failures[key] = (failures[key] ?? 0) + 1;
  }
  return {
    count,
    completed: results.filter((r) => r.reason === 'completed').length,
    failures,
    wallMs,
    cpuMsPerTurn: (cpu.user + cpu.system) / 1000 / count,
    coreShare: (cpu.user + cpu.system) / 1000 / wallMs,
    eventLoopP99Ms: loop.percentile(99) / 1e6,
    eventLoopMaxMs: loop.max / 1e6,
    latencyP50Ms: percentile(latencies, 50),
    latencyP99Ms: percentile(latencies, 99),
    latencySamples: latencies.length,
    heapPerTurnKiB,
    viewsPerTurn: views / count,
  };
}
