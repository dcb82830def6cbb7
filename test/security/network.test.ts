// Attack: send what the command found to a server. Without --allow-network the sandbox has its
// own network namespace: not even the host's loopback (where the model endpoint may listen) is there.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandboxedLayout, type SandboxedLayout } from '../support/sandbox-fixtures.js';

let server: Server;
let port: number;
let received = 0;
const layouts: SandboxedLayout[] = [];
beforeAll(async () => {
  server = createServer((socket) => {
    received++;
    socket.end('hello from the host\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  server.close();
  await Promise.all(layouts.map((l) => l.cleanup()));
});

/** A node one-liner in the sandbox that connects to the host's server and says what happened. */
const connect = () =>
  `${process.execPath} -e "require('net').connect(${port}, '127.0.0.1').on('data', (d) => { console.log('GOT ' + d); process.exit(0) }).on('error', (e) => { console.log('REFUSED ' + e.code); process.exit(1) })"`;

describe('the network from a sandboxed command', () => {
  it('is refused without --allow-network: the host’s 127.0.0.1 server is not reachable', async () => {
    const layout = await makeSandboxedLayout();
    layouts.push(layout);
    const before = received;
    const result = await layout.run(`${connect()}; ip -o link 2>/dev/null | cut -d: -f2 || cat /proc/net/dev`);
    expect(result.content).toMatch(/REFUSED (ECONNREFUSED|ENETUNREACH|EACCES)/);
    expect(result.content).not.toContain('GOT');
    expect(received).toBe(before);
  });

  it('works with --allow-network (the same command reaches the server)', async () => {
    const layout = await makeSandboxedLayout({ allowNetwork: true });
    layouts.push(layout);
    const result = await layout.run(connect());
    expect(result.content).toContain('GOT hello from the host');
  });
});
