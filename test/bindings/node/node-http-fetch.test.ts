// agent-turn/node's fetch: the chat client reads the same events through it as through the global
// fetch; HTTP errors, aborts, refused connections and large request bodies behave as with fetch;
// and a reader that stops reading stops the sender instead of filling memory.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../../../app/serve/serve-scripted-model.js';
import { createNodeHttpFetch } from '../../../bindings/node/node-http-fetch.js';
import { createChatClient } from '../../../src/wire/chat-client.js';
import { ChatError } from '../../../src/wire/errors.js';
import type { ChatStreamEvent, FetchLike } from '../../../src/wire/types.js';

const REQUEST = {
  model: 'scripted:qwen3.6-plus',
  messages: [{ role: 'user' as const, content: 'Read README.md and write notes.md with what you learn.' }],
};

async function events(fetch: FetchLike, url: string): Promise<ChatStreamEvent[]> {
  const out: ChatStreamEvent[] = [];
  for await (const e of createChatClient({ baseURL: url, fetch }).stream(REQUEST)) out.push(e);
  return out;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function failure(run: () => Promise<unknown>): Promise<ChatError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ChatError) return error;
    throw error;
  }
  throw new Error('expected a ChatError');
}

describe('createNodeHttpFetch', () => {
  let scripted: ScriptedServer;
  let paced: ScriptedServer;
  let jittered: ScriptedServer;
  beforeAll(async () => {
    scripted = await startScriptedServer({ port: 0, pace: 0 });
    paced = await startScriptedServer({ port: 0, pace: 10 });
    jittered = await startScriptedServer({ port: 0, pace: { firstTokenMs: 5, tokenMs: 1, jitterMs: 3 } });
  });
  afterAll(async () => {
    await scripted.close();
    await paced.close();
    await jittered.close();
  });

  it('gives the chat client the same events as the global fetch, at pace 0 and at a jittered pace', async () => {
    const viaFetch = await events((input, init) => fetch(input, init), scripted.url);
    const viaNode = await events(createNodeHttpFetch(), scripted.url);
    expect(viaNode.length).toBeGreaterThan(10);
    expect(viaNode).toEqual(viaFetch);
    // Token by token, with jitter: most reads wait for their chunk instead of finding it queued.
    expect(await events(createNodeHttpFetch(), jittered.url)).toEqual(viaFetch);
  });

  it('arrayBuffer() holds the body and nothing more', async () => {
    const server = createServer((_req, res) => res.end('hello'));
    const url = await listen(server);
    try {
      const bytes = await (await createNodeHttpFetch()(url)).arrayBuffer();
      expect(new TextDecoder().decode(bytes)).toBe('hello');
      expect(bytes.byteLength).toBe(5);
    } finally {
      server.close();
    }
  });

  it('an HTTP error is a ChatError with its status, message and Retry-After', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
      res.end(JSON.stringify({ error: { message: 'slow down', type: 'rate_limit' } }));
    });
    const url = await listen(server);
    try {
      const error = await failure(() => events(createNodeHttpFetch(), `${url}/v1`));
      expect([error.code, error.status, error.providerMessage, error.retryAfterMs]).toEqual([
        'http',
        429,
        'slow down',
        7000,
      ]);
    } finally {
      server.close();
    }
  });

  it('an abort mid-stream ends the read at once and closes the request', async () => {
    const controller = new AbortController();
    const seen: ChatStreamEvent[] = [];
    const client = createChatClient({ baseURL: paced.url, fetch: createNodeHttpFetch() });
    const error = await failure(async () => {
      for await (const e of client.stream(REQUEST, { signal: controller.signal })) {
        seen.push(e);
        if (seen.length === 3) controller.abort();
      }
    });
    expect(error.code).toBe('aborted');
    expect(seen).toHaveLength(3);
    for (let i = 0; i < 50 && paced.inFlight() > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(paced.inFlight()).toBe(0);
  });

  it('a refused connection is a network ChatError', async () => {
    const server = createServer();
    const url = await listen(server);
    await new Promise((r) => server.close(r));
    const error = await failure(() => events(createNodeHttpFetch(), `${url}/v1`));
    expect(error.code).toBe('network');
  });

  it('sends a Blob body whole, and reads a JSON answer', async () => {
    const server = createServer(async (req, res) => {
      let bytes = 0;
      let sum = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        for (const b of chunk) sum = (sum + b) % 65_521;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ bytes, sum, type: req.headers['content-type'] }));
    });
    const url = await listen(server);
    try {
      const parts = Array.from({ length: 48 }, (_, i) => String.fromCharCode(97 + (i % 26)).repeat(65_536));
      let sum = 0;
      for (const p of parts) for (let i = 0; i < p.length; i++) sum = (sum + p.charCodeAt(i)) % 65_521;
      const response = await createNodeHttpFetch()(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: new Blob(parts),
      });
      expect([response.status, response.ok, response.headers.get('content-type')]).toEqual([
        200,
        true,
        'application/json',
      ]);
      expect(await response.json()).toEqual({ bytes: 48 * 65_536, sum, type: 'application/json' });
    } finally {
      server.close();
    }
  });

  it('a reader that stops reading stops the sender (the socket is paused, not buffered)', async () => {
    let written = 0;
    let stalled = false;
    const server = createServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = Buffer.alloc(64 * 1024, 120);
      while (written < 64 * 1024 * 1024 && !res.destroyed) {
        written += chunk.length;
        if (!res.write(chunk)) {
          stalled = true;
          await new Promise((r) => res.once('drain', r).once('close', r));
        }
      }
      res.end();
    });
    const url = await listen(server);
    try {
      const response = await createNodeHttpFetch({ maxQueuedBytes: 1024 * 1024 })(url);
      const reader = response.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      await new Promise((r) => setTimeout(r, 300));
      expect(stalled).toBe(true);
      // What the server could write: the client's 1 MiB queue plus the sockets' buffers, not 64 MiB.
      expect(written).toBeLessThan(16 * 1024 * 1024);
      await reader.cancel();
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('a reader that comes back late gets every chunk that waited, in one read', async () => {
    const server = createServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (const part of ['one;', 'two;', 'three;', 'four;']) {
        res.write(part);
        await new Promise((r) => setTimeout(r, 20));
      }
      res.end();
    });
    const url = await listen(server);
    try {
      const reader = (await createNodeHttpFetch()(url)).body!.getReader();
      const decode = (r: ReadableStreamReadResult<Uint8Array>) => new TextDecoder().decode(r.value);
      expect(decode(await reader.read())).toBe('one;');
      await new Promise((r) => setTimeout(r, 200)); // the other three arrive meanwhile
      const late = await reader.read();
      expect(decode(late)).toBe('two;three;four;');
      expect((await reader.read()).done).toBe(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('a connection cut in the middle of the body is a network ChatError after the events before it', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"choices":[{"index":0,"delta":{"content":"Hel"}}]}\n\n');
      setTimeout(() => res.socket?.destroy(), 50);
    });
    const url = await listen(server);
    try {
      const seen: ChatStreamEvent[] = [];
      const error = await failure(async () => {
        for await (const e of createChatClient({ baseURL: `${url}/v1`, fetch: createNodeHttpFetch() }).stream(REQUEST))
          seen.push(e);
      });
      expect(seen).toEqual([{ type: 'text', text: 'Hel' }]);
      expect(error.code).toBe('network');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('refuses what it cannot send: a Request object, a non-HTTP URL', async () => {
    const fetchNode = createNodeHttpFetch();
    await expect(fetchNode(new Request('http://127.0.0.1/'))).rejects.toThrow(/pass a URL/);
    await expect(fetchNode('ftp://127.0.0.1/')).rejects.toThrow(/ftp: URLs are not supported/);
  });
});
