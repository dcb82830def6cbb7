// MCP sign-in (issue 38 item 4) end to end on 127.0.0.1: the SDK-built test server behind a bearer
// check (401 with WWW-Authenticate naming its protected resource metadata, RFC 9728), a local
// authorization server (test/support/oauth-server.ts: metadata, dynamic registration, PKCE S256,
// RFC 8707 resource, refresh tokens), and the CLI's sign-in (app/cli/mcp/mcp-sign-in-file.ts:
// tokens in the user's state folder, the browser's redirect back to a loopback listener). The
// "browser" is the `show` callback: it opens the URL the person would be shown and follows the
// authorization server's redirect.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectMcpServer, type McpServerConnection } from 'agent-turn/mcp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSignIn, signInRecordFile } from '../../../../app/cli/mcp/mcp-sign-in-file.js';
import { startElicitHttpServer, type ElicitHttpServer } from '../../../support/mcp-elicit-http.js';
import { startOAuthServer, type OAuthServer } from '../../../support/oauth-server.js';

let mcp: ElicitHttpServer;
let auth: OAuthServer;
let state: string;
const connections: McpServerConnection[] = [];

beforeAll(async () => {
  let mcpUrl = '';
  auth = await startOAuthServer(() => mcpUrl);
  mcp = await startElicitHttpServer({
    guard: (request) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith('/.well-known/oauth-protected-resource'))
        return Response.json({
          resource: mcpUrl,
          authorization_servers: [auth.origin],
          bearer_methods_supported: ['header'],
        });
      if (url.pathname === '/mcp' && !auth.accepts(request.headers.get('authorization'), mcpUrl))
        return new Response(JSON.stringify({ error: 'invalid_token' }), {
          status: 401,
          headers: {
            'content-type': 'application/json',
            'www-authenticate': `Bearer resource_metadata="${url.origin}/.well-known/oauth-protected-resource/mcp"`,
          },
        });
      return undefined;
    },
  });
  mcpUrl = mcp.url;
  state = mkdtempSync(join(tmpdir(), 'agent-turn-sign-in-'));
}, 30_000);

afterAll(async () => {
  await Promise.all(connections.map((c) => c.close()));
  await mcp.stop();
  await auth.stop();
  rmSync(state, { recursive: true, force: true });
});

/** The person's browser: opens the URL, follows the authorization server's redirect back to the CLI. */
function browser(opened: string[]) {
  return (_server: string, url: URL) => {
    opened.push(url.toString());
    void (async () => {
      const consent = await fetch(url, { redirect: 'manual' });
      const back = consent.headers.get('location');
      if (back) await fetch(back);
    })();
  };
}

async function connect(opened: string[]) {
  const c = await connectMcpServer(
    'remote',
    { url: mcp.url },
    { signIn: fileSignIn({ folder: join(state, 'mcp-sign-in'), show: browser(opened) }) },
  );
  connections.push(c);
  return c;
}

describe('signing in to a Streamable HTTP server (OAuth 2.1)', () => {
  it('a 401 at the handshake signs in: registration, PKCE S256, the resource parameter, then the tools', async () => {
    const opened: string[] = [];
    const c = await connect(opened);
    expect(c.status, c.error?.message).toBe('connected');
    expect(c.tools.map((t) => t.name)).toContain('ask_name');
    expect(opened).toHaveLength(1);
    const asked = new URL(opened[0]!).searchParams;
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('resource')).toBe(mcp.url);
    expect(asked.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(auth.tokenRequests).toEqual([{ grantType: 'authorization_code', resource: mcp.url, ok: true }]);
  }, 30_000);

  it('keeps the tokens in the state folder (0600, folder 0700), never in the workspace', () => {
    const folder = join(state, 'mcp-sign-in');
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const file = signInRecordFile(folder, mcp.url);
    expect(readdirSync(folder)).toEqual([file.split('/').pop()]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const record = JSON.parse(readFileSync(file, 'utf8')) as {
      url: string;
      tokens: { access_token: string; refresh_token: string };
    };
    expect(record.url).toBe(mcp.url);
    expect(record.tokens.refresh_token).toMatch(/\S{20,}/);
  });

  it('a second start uses the kept token: no browser, no token request', async () => {
    const opened: string[] = [];
    const before = auth.tokenRequests.length;
    const c = await connect(opened);
    expect(c.status, c.error?.message).toBe('connected');
    expect(opened).toEqual([]);
    expect(auth.tokenRequests.length).toBe(before);
  }, 30_000);

  it('an expired access token is refreshed with the refresh token and the resource, without the browser', async () => {
    auth.expireAccessTokens();
    const opened: string[] = [];
    const before = auth.tokenRequests.length;
    const c = await connect(opened);
    expect(c.status, c.error?.message).toBe('connected');
    expect(opened).toEqual([]);
    expect(auth.tokenRequests.slice(before)).toEqual([{ grantType: 'refresh_token', resource: mcp.url, ok: true }]);
  }, 30_000);

  it('a browser that comes back before the client waits for it is still taken (the redirect is kept)', async () => {
    const opened: string[] = [];
    let back: Promise<number> = Promise.resolve(0);
    const c = await connectMcpServer(
      'early',
      { url: mcp.url },
      {
        signIn: async (server, url) => {
          const real = await fileSignIn({
            folder: join(state, 'early'),
            show: (_s, u) => {
              opened.push(u.toString());
              // the whole round trip, consent and redirect, before the client asks for the callback
              back = (async () => {
                const consent = await fetch(u, { redirect: 'manual' });
                return (await fetch(consent.headers.get('location') ?? '')).status;
              })();
            },
          })(server, url);
          return {
            ...real,
            callback: async (signal) => {
              await back;
              return real.callback(signal);
            },
          };
        },
      },
    );
    connections.push(c);
    expect(await back).toBe(200);
    expect(opened).toHaveLength(1);
    expect(c.status, c.error?.message).toBe('connected');
  }, 30_000);

  it('a redirect with another state is refused by the listener, and a sign-in never completed fails the server in time', async () => {
    const opened: string[] = [];
    const c = await connectMcpServer(
      'forged',
      { url: mcp.url },
      {
        connectTimeoutMs: 5_000,
        signIn: async (server, url) => {
          const real = await fileSignIn({
            folder: join(state, 'other'),
            show: (_s, u) => void opened.push(u.toString()),
          })(server, url);
          // the forged redirect a page could send to the listener: a code with a state this sign-in never sent
          const redirect = new URL(
            new URL(opened[0] ?? 'http://x').searchParams.get('redirect_uri') ?? (real.provider.redirectUrl as string),
          );
          return {
            ...real,
            callback: async (signal) => {
              redirect.searchParams.set('code', 'forged');
              redirect.searchParams.set('state', 'not-the-one');
              const answer = await fetch(redirect);
              expect(answer.status).toBe(400);
              return real.callback(AbortSignal.any([signal, AbortSignal.timeout(1_000)]));
            },
          };
        },
      },
    );
    connections.push(c);
    expect(opened).toHaveLength(1);
    expect(c.status).toBe('failed');
  }, 30_000);
});
