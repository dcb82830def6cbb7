// `agent-turn serve`'s HTTP server: turns run here and stream to the client — POST /ag-ui (AG-UI
// over SSE), POST /api/chat (the AI SDK UI message stream useChat reads), POST /approval (an
// approval answered out of band). The same Host/Origin checks as the scripted model's serve
// (DNS rebinding and other sites' pages refused), bounded bodies, loopback by default.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOriginPolicy } from '../serve/serve-origin-policy.js';
import { agUiRoute } from './ag-ui-route.js';
import { approvalRoute } from './approval-route.js';
import { chatRoute } from './chat-route.js';
import { readJsonBody, sendError } from './http-io.js';
import type { Route, RouteContext, StartTurn, TurnEnd } from './route-context.js';
import { createTurnRegistry } from './turn-registry.js';
import { describeError } from 'agent-turn';

/** What {@link startTurnServer} takes. */
export interface TurnServerOptions {
  /** Makes each turn's actor (the CLI builds it from its model, workspace, tools and approvals). */
  startTurn: StartTurn;
  /** Default 8788; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Origins whose pages may call it (CORS). Default: the web page's dev server (serve-origin-policy.ts). */
  allowedOrigins?: readonly string[];
  /** More Host header values to accept besides the bound address. */
  allowedHosts?: readonly string[];
  /** Largest request body (default 8 MiB); bigger ones get a 413. */
  maxBodyBytes?: number;
  /** Time for a request's body to arrive (default 30 s), else 408. */
  bodyTimeoutMs?: number;
  /** Least time between two views of a streaming reply (default 25 ms; 0 = every change the client keeps up with). */
  viewIntervalMs?: number;
  /** Turns running at once (default 16); one more gets a 503. */
  maxLiveTurns?: number;
  /** Told when a turn ends. */
  onTurnEnd?(end: TurnEnd): void;
}

/** A listening turn server. */
export interface TurnServer {
  /** e.g. http://127.0.0.1:8788 (the endpoints are /ag-ui, /api/chat, /approval). */
  url: string;
  host: string;
  port: number;
  server: Server;
  /** Aborts every running turn, closes every connection. */
  close(): Promise<void>;
}

const ROUTES: Record<string, Route> = { '/ag-ui': agUiRoute, '/api/chat': chatRoute, '/approval': approvalRoute };

type Policy = ReturnType<typeof createOriginPolicy>;

function handler(context: RouteContext, limits: { maxBodyBytes: number; bodyTimeoutMs: number }, policy: () => Policy) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const verdict = policy()({ host: req.headers.host, origin: req.headers.origin });
    if (!verdict.ok) return sendError(res, verdict.status, 'forbidden', verdict.message);
    const cors = verdict.cors;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    const route = ROUTES[new URL(req.url ?? '/', 'http://turn-server.invalid').pathname];
    if (!route)
      return sendError(res, 404, 'not-found', `No such endpoint; POST to ${Object.keys(ROUTES).join(', ')}.`, cors);
    if (req.method !== 'POST')
      return sendError(res, 405, 'method-not-allowed', 'Use POST.', { ...cors, allow: 'POST' });
    const body = await readJsonBody(req, limits.maxBodyBytes, limits.bodyTimeoutMs);
    if (!body.ok) {
      // Whatever the client still sends is not read: the connection closes after the answer.
      res.setHeader('connection', 'close');
      return sendError(res, body.status, body.code, body.message, cors);
    }
    try {
      await route(context, body.value, res, cors, req);
    } catch (error) {
      sendError(res, 500, 'server-error', `The turn server failed: ${describeError(error)}`, cors);
    }
  };
}

/** Starts the turn server; resolves once it listens. */
export async function startTurnServer(options: TurnServerOptions): Promise<TurnServer> {
  const { port = 8788, host = '127.0.0.1' } = options;
  const registry = createTurnRegistry(options.maxLiveTurns ?? 16);
  const context: RouteContext = {
    registry,
    startTurn: options.startTurn,
    viewIntervalMs: options.viewIntervalMs ?? 25,
    ...(options.onTurnEnd ? { onTurnEnd: options.onTurnEnd } : {}),
  };
  let policy: Policy | undefined;
  const limits = {
    maxBodyBytes: options.maxBodyBytes ?? 8 * 1024 * 1024,
    bodyTimeoutMs: options.bodyTimeoutMs ?? 30_000,
  };
  const server = createServer(
    { headersTimeout: 10_000 },
    handler(context, limits, () => policy as Policy),
  );
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
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    allowedHosts: [...(options.allowedHosts ?? []), ...(host === 'localhost' ? [`localhost:${address.port}`] : [])],
  });
  const shownHost = address.address.includes(':') ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    host: address.address,
    port: address.port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        for (const turn of registry.live()) turn.actor.send({ type: 'ABORT' });
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
