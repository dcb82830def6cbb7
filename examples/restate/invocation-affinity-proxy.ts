// An HTTP/1.1 balancer in front of several workers that sends every request of one invocation to
// the same worker (by Restate's `x-restate-invocation-id` header), the next invocation to the
// next worker: what a deployment in request-response mode needs from its balancer. Restate
// suspends a request-response invocation at each journaled step and calls the deployment again
// to go on; a non-idempotent tool starts only in the worker that journaled its intent, so a turn
// that moved to another worker between the two would be told the tool's outcome is unknown.
// A worker that does not answer is skipped: its invocations move to the next one.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';

export interface InvocationAffinityProxy {
  url: string;
  port: number;
  /** Invocations first routed to each target, in the order given. */
  invocations: number[];
  close(): Promise<void>;
}

export async function startInvocationAffinityProxy(targetPorts: readonly number[]): Promise<InvocationAffinityProxy> {
  const invocations = targetPorts.map(() => 0);
  const placed = new Map<string, number>();
  let next = 0;
  const pick = (invocationId: string | undefined): number => {
    if (invocationId === undefined) return next++ % targetPorts.length;
    let index = placed.get(invocationId);
    if (index === undefined) {
      index = next++ % targetPorts.length;
      placed.set(invocationId, index);
      invocations[index]++;
    }
    return index;
  };
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, index: number, tries: number) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: targetPorts[index], method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) return res.destroy();
      // That worker is gone: the invocation moves to the next one.
      const id = req.headers['x-restate-invocation-id'];
      const moved = (index + 1) % targetPorts.length;
      if (typeof id === 'string') placed.set(id, moved);
      if (tries + 1 < targetPorts.length) forward(req, res, body, moved, tries + 1);
      else res.writeHead(502).end();
    });
    upstream.end(body);
  };
  const server: Server = createServer((req, res) => {
    // Request-response mode: Restate sends the whole request (the journal) before it reads the answer.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = req.headers['x-restate-invocation-id'];
      forward(req, res, Buffer.concat(chunks), pick(typeof id === 'string' ? id : undefined), 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    invocations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
