// Issue 32, low 10: `npm run serve` kept a connection whose body trickled in a byte at a time
// (slow-loris) for as long as the client liked. Now the headers and the whole body each have a
// deadline; a client that misses one gets a 408 and its connection is closed.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../../app/serve/serve-scripted-model.js';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer({ port: 0, pace: 0, headersTimeoutMs: 500, bodyTimeoutMs: 400 });
});
afterAll(() => server.close());

/**
 * Sends `head` at once, then `trickle` one byte every 100 ms; resolves with what came back and
 * whether the server closed the connection, or after `giveUpMs` (the connection still open).
 */
function slowClient(head: string, trickle: string, giveUpMs: number): Promise<{ reply: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    let reply = '';
    let sent = 0;
    const drip = setInterval(() => {
      if (sent < trickle.length && !socket.destroyed) socket.write(trickle[sent++]!);
    }, 100);
    const finish = (closed: boolean) => {
      clearInterval(drip);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ reply, closed });
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on('connect', () => socket.write(head));
    socket.setEncoding('utf8').on('data', (c: string) => (reply += c));
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
  });
}

const host = () => `127.0.0.1:${server.port}`;
const body = JSON.stringify({ model: 'scripted', messages: [{ role: 'user', content: 'hi' }], stream: false });

describe('npm run serve: slow clients are cut off', () => {
  it('a body that trickles in gets a 408 and the connection is closed', async () => {
    const head = `POST /v1/chat/completions HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { reply, closed } = await slowClient(head, body, 4000);
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply).toContain('Request body not received within 400 ms.');
    expect(closed).toBe(true);
  }, 10_000);

  it('headers that trickle in get a 408 and the connection is closed', async () => {
    const { reply, closed } = await slowClient(
      'POST /v1/chat/completions HTTP/1.1\r\n',
      `Host: ${host()}\r\nX-Slow: ${'a'.repeat(60)}`,
      6000,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed).toBe(true);
  }, 10_000);

  it('a body sent at once is answered as before', async () => {
    const res = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ object: 'chat.completion' });
  });
});
