// `npm run serve` against the web (issue 28 §4): it answered `Access-Control-Allow-Origin: *` and
// ignored Host, so any page the user opened — or a DNS-rebinding page whose name resolves to
// 127.0.0.1 — could drive it. Now Host must name the bound address and only the given origins
// (by default the web page's dev server) may call it from a browser.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../../app/serve/serve-scripted-model.js';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer({ port: 0, pace: 0 });
});
afterAll(() => server.close());

/** A raw request with exactly these headers (fetch will not let a test set Host). */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers, setHost: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const chat = JSON.stringify({ model: 'scripted', messages: [{ role: 'user', content: 'hi' }], stream: false });
const host = () => `127.0.0.1:${server.port}`;

describe('npm run serve: Host and Origin', () => {
  it('a page from another origin is refused, even with a simple POST, and gets no CORS header', async () => {
    const res = await send(
      'POST',
      '/v1/chat/completions',
      {
        host: host(),
        origin: 'http://evil.example',
        'content-type': 'text/plain',
      },
      chat,
    );
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.body).toContain('--allow-origin');
  });

  it('a preflight from another origin is refused', async () => {
    const res = await send('OPTIONS', '/v1/chat/completions', {
      host: host(),
      origin: 'http://evil.example',
      'access-control-request-method': 'POST',
    });
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("a DNS-rebound request (Host is the attacker's name) is refused", async () => {
    const res = await send(
      'POST',
      '/v1/chat/completions',
      {
        host: `rebind.evil.example:${server.port}`,
        'content-type': 'application/json',
      },
      chat,
    );
    expect(res.status).toBe(421);
  });

  it("the web page's dev server is allowed by default, with its own origin echoed", async () => {
    const res = await send('OPTIONS', '/v1/chat/completions', {
      host: host(),
      origin: 'http://127.0.0.1:5173',
      'access-control-request-method': 'POST',
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
  });

  it('a client without an Origin (the CLI, the SDK) is served; localhost names a loopback server too', async () => {
    for (const h of [host(), `localhost:${server.port}`]) {
      const res = await send('POST', '/v1/chat/completions', { host: h, 'content-type': 'application/json' }, chat);
      expect(res.status, h).toBe(200);
      expect(res.headers['access-control-allow-origin'], h).toBeUndefined();
    }
  });

  it('origins given with allowedOrigins (--allow-origin) are the ones allowed', async () => {
    const other = await startScriptedServer({ port: 0, pace: 0, allowedOrigins: ['https://app.example'] });
    try {
      const ok = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: other.port,
            method: 'GET',
            path: '/v1/models',
            headers: { origin: 'https://app.example' },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(ok).toBe(200);
    } finally {
      await other.close();
    }
  });
});
