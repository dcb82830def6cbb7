// The SDK-built test server (mcp-elicit-server.mjs) over Streamable HTTP on 127.0.0.1: the
// server SDK's web-standard handler (createMcpHandler) behind a plain node:http server. A guard
// may answer a request first (the sign-in tests' bearer check).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { createElicitServer } from './mcp-elicit-server.mjs';

/** A running server: its MCP URL, its origin, and how to stop it. */
export interface ElicitHttpServer {
  url: string;
  origin: string;
  stop(): Promise<void>;
}

/** A node request as a web Request. */
async function webRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers))
    if (typeof value === 'string') headers.set(key, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(key, v);
  const body = chunks.length > 0 && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method ?? 'GET',
    headers,
    ...(body ? { body } : {}),
  });
}

/** Writes a web Response to a node response, streaming its body (SSE included). */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (chunk === undefined || chunk.done) break;
    res.write(chunk.value);
  }
  res.end();
}

/**
 * Serves the elicitation test server at `/mcp`; `guard` sees each request first and may answer
 * it (a 401 without a valid token), or handle other paths (return a Response), or let it through
 * (undefined).
 */
export async function startElicitHttpServer(
  options: { log?: string; guard?: (request: Request) => Promise<Response | undefined> | Response | undefined } = {},
): Promise<ElicitHttpServer> {
  const handler = createMcpHandler((ctx) => createElicitServer(ctx.era, options.log));
  let origin = '';
  const server = createServer((req, res) => {
    void (async () => {
      const request = await webRequest(req, origin);
      const guarded = await options.guard?.(request);
      await sendWebResponse(res, guarded ?? (await handler.fetch(request)));
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url: `${origin}/mcp`,
    origin,
    stop: async () => {
      await handler.close?.();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
