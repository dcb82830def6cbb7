// The same turns as durable turns: the agentTurn object (agent-turn/restate) served by an endpoint
// in this process, behind a Restate server from node_modules (its own process, on loopback), every
// turn sent through the ingress at once and awaited with Restate's attach. Wall time from the first
// send to the last output, and this process's CPU per turn (the server's own CPU is not in it).
import { createServer } from 'node:http2';
import * as restate from '@restatedev/restate-sdk';
import { agentTurnObject } from '../../bindings/restate/index.js';
import { freePort } from '../../examples/restate/free-port.js';
import { startRestateServer, type RestateServer } from '../../examples/restate/restate-server.js';
import type { ChatClient } from '../../src/wire/types.js';
import { MODEL, TASK, memoryTools } from './in-process-turns.js';

export interface DurableFigures {
  count: number;
  completed: number;
  wallMs: number;
  cpuMsPerTurn: number;
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
  const post = async (path: string) => {
    for (;;) {
      const response = await fetch(`${server.ingressUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (response.ok) return (await response.json()) as { invocationId: string };
      if (response.status < 500) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    }
  };
  const attach = async (id: string) => {
    for (;;) {
      const response = await fetch(`${server.ingressUrl}/restate/invocation/${id}/attach`);
      if (response.ok) return (await response.json()) as { reason: string };
      if (response.status !== 408 && response.status < 500)
        throw new Error(`attach ${id}: ${response.status} ${await response.text()}`);
    }
  };
  return {
    async run(count) {
      const batch = ++runs;
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const outputs = await Promise.all(
        Array.from({ length: count }, async (_, i) =>
          attach((await post(`/agentTurn/b${batch}-${i}/run/send`)).invocationId),
        ),
      );
      const wallMs = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      return {
        count,
        completed: outputs.filter((o) => o.reason === 'completed').length,
        wallMs,
        cpuMsPerTurn: (cpu.user + cpu.system) / 1000 / count,
      };
    },
    async stop() {
      // The server first: its HTTP/2 sessions end with it, and then the endpoint can close.
      await server.stop();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
