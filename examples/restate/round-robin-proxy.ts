// A TCP proxy that hands each new connection to the next worker in turn: what a load balancer in
// front of several workers does. Restate opens a connection per concurrent invocation to an
// HTTP/1.1 deployment, so the invocations spread over the workers.
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  port: number;
  /** Connections handed to each target, in the order given. */
  connections: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(targetPorts: readonly number[]): Promise<RoundRobinProxy> {
  const connections = targetPorts.map(() => 0);
  const open = new Set<Socket>();
  let next = 0;
  const server: Server = createServer((client) => {
    const index = next++ % targetPorts.length;
    connections[index]++;
    const upstream = connect(targetPorts[index], '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
