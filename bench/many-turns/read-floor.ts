// The transport's floor: the same HTTP traffic as `count` turns (each turn's three requests, made
// in turn, over the same spread of starts) with every reply read and dropped: no SSE decoding, no
// parser, no machine, no view. What this costs is what any client of these streams pays before
// it does anything with them, so it bounds how far the turn's own work can be cut.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Agent, request } from 'node:http';
import { toPromise } from 'xstate';
import { createAgentTurnActor } from '../../machines/machine/agent-turn-actor.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import type { FetchLike } from '../../src/wire/types.js';

/** How the replies are read: the global fetch (undici, web streams), or node:http's own sockets. */
export type FloorTransport = 'fetch' | 'node:http';

export interface FloorFigures {
  transport: FloorTransport;
  count: number;
  cpuMsPerTurn: number;
  readsPerTurn: number;
  /** CPU time per body read (one network read of a reply), in microseconds. */
  cpuUsPerRead: number;
  coreShare: number;
  eventLoopP99Ms: number;
  wallMs: number;
}

/** The request bodies of one turn of `task`, as the turn sent them (to replay them without a turn). */
export async function recordTurnRequests(
  url: string,
  model: string,
  task: string,
  tools: Record<string, (use: { params: Record<string, string> }) => Promise<unknown>>,
): Promise<string[]> {
  const bodies: string[] = [];
  const recording: FetchLike = async (input, init) => {
    const body = init?.body;
    bodies.push(typeof body === 'string' ? body : await new Response(body as BodyInit).text());
    return fetch(input, init);
  };
  const actor = createAgentTurnActor({
    client: createChatClient({ baseURL: url, fetch: recording }),
    model,
    messages: [{ role: 'user', content: task }],
    tools: tools as never,
  });
  const done = toPromise(actor);
  actor.start();
  const output = await done;
  if (output.reason !== 'completed') throw new Error(`the recorded turn ended ${output.reason}`);
  return bodies;
}

const HEADERS = { 'content-type': 'application/json', accept: 'text/event-stream' };

export async function runReadFloor(options: {
  url: string;
  count: number;
  spreadMs: number;
  bodies: readonly string[];
  transport: FloorTransport;
}): Promise<FloorFigures> {
  const { url, count, spreadMs, bodies, transport } = options;
  const endpoint = `${url}/chat/completions`;
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  let reads = 0;

  const viaFetch = async (body: string) => {
    const response = await fetch(endpoint, { method: 'POST', headers: HEADERS, body });
    const reader = response.body!.getReader();
    for (;;) {
      const { done } = await reader.read();
      if (done) return;
      reads++;
    }
  };
  const viaHttp = (body: string) =>
    new Promise<void>((resolve, reject) => {
      const req = request(endpoint, { method: 'POST', agent, headers: HEADERS }, (response) => {
        response.on('data', () => reads++);
        response.on('end', resolve);
        response.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  const read = transport === 'fetch' ? viaFetch : viaHttp;
  const oneTurn = async () => {
    for (const body of bodies) await read(body);
  };

  const loop = monitorEventLoopDelay({ resolution: 10 });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  loop.enable();
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      new Promise((r) => setTimeout(r, count === 1 ? 0 : (i * spreadMs) / (count - 1))).then(oneTurn),
    ),
  );
  loop.disable();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  agent.destroy();
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return {
    transport,
    count,
    cpuMsPerTurn: cpuMs / count,
    readsPerTurn: reads / count,
    cpuUsPerRead: (cpuMs * 1000) / reads,
    coreShare: cpuMs / wallMs,
    eventLoopP99Ms: loop.percentile(99) / 1e6,
    wallMs,
  };
}
