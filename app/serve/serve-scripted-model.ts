// The scripted model over real HTTP: node:http requests bridged to its fetch-compatible
// function, bodies streamed through, a request aborted when its client goes away.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createScriptedModel, type ScriptedModelOptions } from 'agent-turn/scripted';
import type { FetchLike } from 'agent-turn';
import { createOriginPolicy } from './serve-origin-policy.js';
import { describeError } from 'agent-turn';

export interface ScriptedServerOptions extends ScriptedModelOptions {
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Largest request body accepted (default 32 MiB); bigger ones get a 413. */
  maxBodyBytes?: number;
  /** Time for a client to send its request headers (default 10 s); slower ones get a 408 and are cut off. */
  headersTimeoutMs?: number;
  /**
   * Time for a request's whole body to arrive, from when its headers did (default 30 s): a body
   * that trickles in (slow-loris) gets a 408 and its connection is closed.
   */
  bodyTimeoutMs?: number;
  /** Wraps the scripted model before it is served (a benchmark stamps each write this way). */
  wrapModel?: (model: FetchLike) => FetchLike;
  /** Origins whose pages may call it (CORS). Default: the web page's dev server (see serve-origin-policy.ts). */
  allowedOrigins?: readonly string[];
  /** More Host header values to accept besides the bound address. */
  allowedHosts?: readonly string[];
}

export interface ScriptedServer {
  /** The OpenAI-style base URL, e.g. http://127.0.0.1:8787/v1 */
  url: string;
  host: string;
  port: number;
  server: Server;
  /** Requests being answered right now (streams included). */
  inFlight(): number;
  /** Stops accepting, aborts what is in flight, closes every connection. */
  close(): Promise<void>;
}

type Policy = ReturnType<typeof createOriginPolicy>;

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  cors: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', ...cors });
  res.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
}

type BodyRead = Uint8Array<ArrayBuffer> | 'too-large' | 'too-slow';

/** The request body, at most `limit` bytes, all of it within `deadlineMs` (else 'too-slow'). */
async function readBody(req: IncomingMessage, limit: number, deadlineMs: number): Promise<BodyRead> {
  const parts: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'too-slow'>((resolve) => {
    timer = setTimeout(() => resolve('too-slow'), deadlineMs);
  });
  const read = (async (): Promise<BodyRead> => {
    for await (const chunk of req as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > limit) return 'too-large';
      parts.push(chunk);
    }
    return new Uint8Array(Buffer.concat(parts, size));
  })();
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

async function pipeBody(body: ReadableStream<Uint8Array>, res: ServerResponse): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
      }
    }
    res.end();
  } catch {
    // The model's stream stopped (the client went away): drop the connection.
    res.destroy();
  } finally {
    reader.releaseLock();
  }
}

interface Limits {
  maxBodyBytes: number;
  bodyTimeoutMs: number;
}

function handler(model: FetchLike, limits: Limits, live: Set<AbortController>, policy: () => Policy) {
  const { maxBodyBytes, bodyTimeoutMs } = limits;
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const verdict = policy()({ host: req.headers.host, origin: req.headers.origin });
    if (!verdict.ok) {
      sendError(res, verdict.status, verdict.message, 'forbidden');
      return;
    }
    const CORS = verdict.cors;
    const controller = new AbortController();
    live.add(controller);
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
      live.delete(controller);
    });
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS);
        res.end();
        return;
      }
      const body =
        req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req, maxBodyBytes, bodyTimeoutMs);
      if (body === 'too-slow') {
        res.setHeader('connection', 'close');
        sendError(res, 408, `Request body not received within ${bodyTimeoutMs} ms.`, 'invalid_request_error', CORS);
        res.once('finish', () => req.socket.destroy());
        return;
      }
      if (body === 'too-large') {
        sendError(res, 413, `Request body larger than ${maxBodyBytes} bytes.`, 'invalid_request_error', CORS);
        return;
      }
      const response = await model(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
        method: req.method,
        headers: toHeaders(req),
        body,
        signal: controller.signal,
      });
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...CORS });
      // Headers go out now: an SSE client sees the response start before the first token.
      res.flushHeaders();
      if (response.body) await pipeBody(response.body, res);
      else res.end();
    } catch (error) {
      if (controller.signal.aborted) {
        res.destroy();
        return;
      }
      sendError(res, 500, `The scripted model failed: ${describeError(error)}`, 'server_error', CORS);
    }
  };
}

/** Serves the scripted model on `host:port`; resolves once it listens. */
export async function startScriptedServer(options: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  const {
    port = 8787,
    host = '127.0.0.1',
    maxBodyBytes = 32 * 1024 * 1024,
    headersTimeoutMs = 10_000,
    bodyTimeoutMs = 30_000,
    wrapModel,
    allowedOrigins,
    allowedHosts,
    ...modelOptions
  } = options;
  const scripted = createScriptedModel(modelOptions);
  const model = wrapModel ? wrapModel(scripted) : scripted;
  const live = new Set<AbortController>();
  // Made once the port is known (port 0 picks one).
  let policy: Policy | undefined;
  const server = createServer(
    // Node checks the headers deadline every connectionsCheckingInterval: often enough to keep it.
    { headersTimeout: headersTimeoutMs, connectionsCheckingInterval: Math.min(1000, headersTimeoutMs) },
    handler(model, { maxBodyBytes, bodyTimeoutMs }, live, () => policy as Policy),
  );
  // Node's own cut-off for the whole request, a backstop behind the body timer.
  server.requestTimeout = headersTimeoutMs + bodyTimeoutMs + 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  policy = createOriginPolicy({
    host: address.address,
    port: address.port,
    ...(allowedOrigins ? { allowedOrigins } : {}),
    allowedHosts: [...(allowedHosts ?? []), ...(host === 'localhost' ? [`localhost:${address.port}`] : [])],
  });
  const shownHost = address.address.includes(':') ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/v1`,
    host: address.address,
    port: address.port,
    server,
    inFlight: () => live.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of live) c.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
