// The same turns as durable turns: the agentTurn object (agent-turn/restate) served by an endpoint
// in this process, behind a Restate server from node_modules (its own process, on loopback), every
// turn sent through the ingress at once and awaited with Restate's attach. Wall time from the first
// send to the last output, this process's CPU per turn and event-loop delay p99, and the Restate
// server's CPU per turn (its process's, from /proc).
// The turns are sent as a gateway in front of Restate would: HTTP/2 connections to the ingress, 100
// requests on each (the ingress allows 200 at once on one), a request per turn that waits for its
// output (fetch would open a connection per concurrent turn, and with 1,000 of them its own work
// outweighed the turns').
import { connect, createServer, type ClientHttp2Session } from 'node:http2';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as restate from '@restatedev/restate-sdk';
import { agentTurnObject } from '../../bindings/restate/index.js';
import { freePort } from '../../examples/restate/free-port.js';
import { startRestateServer, type RestateServer } from '../../examples/restate/restate-server.js';
import type { ChatClient } from '../../src/wire/types.js';
import { MODEL, TASK, memoryTools } from './in-process-turns.js';
import { childrenCpuMs } from './child-cpu.js';

export interface DurableFigures {
  count: number;
  completed: number;
  wallMs: number;
  cpuMsPerTurn: number;
  /** The Restate server's CPU per turn (NaN without /proc). */
  serverCpuMsPerTurn: number;
  eventLoopP99Ms: number;
}

export interface DurableRig {
  run(count: number): Promise<DurableFigures>;
  stop(): Promise<void>;
}

/** A Restate server and an endpoint in this process whose turns ask `client`. */
export async function startDurableRig(client: ChatClient): Promise<DurableRig> {
  const server: RestateServer = await startRestateServer();
  const turns = agentTurnObject({
    setup: () => ({ client, model: MODEL, messages: [{ role: 'user' as const, content: TASK }], tools: memoryTools() }),
  });
  const port = await freePort();
  const http = createServer(restate.endpoint().bind(turns).http2Handler());
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  await server.register(`http://127.0.0.1:${port}`);
  let runs = 0;
  const ingress = ingressClient(server.ingressUrl);
  return {
    async run(count) {
      const batch = ++runs;
      const loop = monitorEventLoopDelay({ resolution: 10 });
      const server0 = childrenCpuMs();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      loop.enable();
      const outputs = await Promise.all(
        Array.from({ length: count }, (_, i) => ingress.call(`/agentTurn/b${batch}-${i}/run`)),
      );
      loop.disable();
      const wallMs = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      const serverCpuMs = childrenCpuMs() - server0;
      return {
        count,
        completed: outputs.filter((o) => o.reason === 'completed').length,
        wallMs,
        cpuMsPerTurn: (cpu.user + cpu.system) / 1000 / count,
        serverCpuMsPerTurn: serverCpuMs / count,
        eventLoopP99Ms: loop.percentile(99) / 1e6,
      };
    },
    async stop() {
      ingress.close();
      // The server first: its HTTP/2 sessions end with it, and then the endpoint can close.
      await server.stop();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/**
 * The ingress's streams a connection: Restate's ingress allows 200 concurrent streams on one
 * HTTP/2 connection (its SETTINGS_MAX_CONCURRENT_STREAMS), and a request beyond that waits for a
 * stream to close: through one connection, 1,000 turns sent at once ran 200 at a time.
 */
const STREAMS_PER_SESSION = 100;

/**
 * HTTP/2 sessions to the ingress, as a gateway keeps them: a new one whenever those open carry
 * STREAMS_PER_SESSION requests each. `call(path)` POSTs `{}` and resolves with the JSON answer
 * (retried on 5xx).
 */
function ingressClient(url: string) {
  const sessions: { session: ClientHttp2Session; open: number }[] = [];
  const free = () => {
    const found = sessions.find((s) => s.open < STREAMS_PER_SESSION);
    if (found !== undefined) return found;
    const session = connect(url);
    session.on('error', () => {});
    const fresh = { session, open: 0 };
    sessions.push(fresh);
    return fresh;
  };
  const once = (path: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const slot = free();
      slot.open++;
      const stream = slot.session.request({ ':method': 'POST', ':path': path, 'content-type': 'application/json' });
      let status = 0;
      let text = '';
      stream.setEncoding('utf8');
      stream.on('response', (headers) => (status = Number(headers[':status'])));
      stream.on('data', (chunk: string) => (text += chunk));
      stream.on('close', () => slot.open--);
      stream.on('end', () => resolve({ status, text }));
      stream.on('error', reject);
      stream.end('{}');
    });
  return {
    async call(path: string): Promise<{ reason: string }> {
      for (;;) {
        const { status, text } = await once(path);
        if (status >= 200 && status < 300) return JSON.parse(text) as { reason: string };
        if (status < 500 && status !== 408) throw new Error(`POST ${path}: ${status} ${text}`);
      }
    },
    close: () => {
      for (const { session } of sessions) session.close();
    },
  };
}
