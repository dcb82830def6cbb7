// A local OAuth 2.1 authorization server on 127.0.0.1 for the MCP sign-in tests, written from the
// MCP authorization spec (2025-06-18 / 2025-11-25: RFC 8414 metadata, RFC 7591 dynamic
// registration, PKCE S256 required, RFC 8707 `resource` on the authorization and token requests,
// refresh tokens) and RFC 8252 (loopback redirects on any port). `/authorize` consents at once
// (the test's "browser" follows its redirect); it refuses what a real server would: an unknown
// client, a redirect URI that is not the registered one (port aside, for loopback), no S256
// challenge, a wrong verifier, a `resource` that is not the MCP server's, a used code. Each token
// request is logged so the tests can assert what the client sent.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** A request to the token endpoint as the test sees it. */
export interface TokenRequestLog {
  grantType: string;
  resource: string | null;
  ok: boolean;
}

/** The running server. */
export interface OAuthServer {
  origin: string;
  tokenRequests: TokenRequestLog[];
  authorizeRequests: URLSearchParams[];
  /** Whether `Bearer <token>` is a live access token for `resource`. */
  accepts(authorization: string | null, resource: string): boolean;
  /** Makes every access token issued so far expire (a refresh is then needed). */
  expireAccessTokens(): void;
  stop(): Promise<void>;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const s256 = (verifier: string) => b64url(createHash('sha256').update(verifier).digest());

function sameRedirect(registered: string, given: string): boolean {
  const a = new URL(registered);
  const b = new URL(given);
  const loopback = a.hostname === '127.0.0.1' && b.hostname === '127.0.0.1';
  return (
    a.protocol === b.protocol &&
    a.hostname === b.hostname &&
    a.pathname === b.pathname &&
    (loopback || a.port === b.port)
  );
}

/** Starts the server; `resource` is the MCP server's URL (the only audience it issues tokens for). */
export async function startOAuthServer(resource: () => string): Promise<OAuthServer> {
  const clients = new Map<string, { redirectUris: string[] }>();
  const codes = new Map<string, { clientId: string; challenge: string; redirectUri: string; resource: string }>();
  const access = new Map<string, { resource: string; live: boolean }>();
  const refresh = new Map<string, { clientId: string; resource: string }>();
  const tokenRequests: TokenRequestLog[] = [];
  const authorizeRequests: URLSearchParams[] = [];
  let origin = '';
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const issue = (clientId: string, audience: string) => {
    const token = b64url(randomBytes(24));
    const refreshToken = b64url(randomBytes(24));
    access.set(token, { resource: audience, live: true });
    refresh.set(refreshToken, { clientId, resource: audience });
    return { access_token: token, token_type: 'Bearer', expires_in: 3600, refresh_token: refreshToken };
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', origin);
      const body = Buffer.concat(chunks).toString('utf8');
      if (
        url.pathname === '/.well-known/oauth-authorization-server' ||
        url.pathname === '/.well-known/openid-configuration'
      ) {
        return json(res, 200, {
          issuer: origin,
          authorization_endpoint: `${origin}/authorize`,
          token_endpoint: `${origin}/token`,
          registration_endpoint: `${origin}/register`,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['none'],
        });
      }
      if (url.pathname === '/register' && req.method === 'POST') {
        const meta = JSON.parse(body) as { redirect_uris?: string[] };
        const clientId = `client-${clients.size + 1}`;
        clients.set(clientId, { redirectUris: meta.redirect_uris ?? [] });
        return json(res, 201, { ...meta, client_id: clientId, token_endpoint_auth_method: 'none' });
      }
      if (url.pathname === '/authorize') {
        const q = url.searchParams;
        authorizeRequests.push(q);
        const client = clients.get(q.get('client_id') ?? '');
        const redirectUri = q.get('redirect_uri') ?? '';
        if (!client || !client.redirectUris.some((r) => sameRedirect(r, redirectUri)))
          return json(res, 400, { error: 'invalid_request' });
        if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
          return json(res, 400, { error: 'invalid_request' });
        if (q.get('resource') !== resource()) return json(res, 400, { error: 'invalid_target' });
        const code = b64url(randomBytes(16));
        codes.set(code, {
          clientId: q.get('client_id')!,
          challenge: q.get('code_challenge')!,
          redirectUri,
          resource: resource(),
        });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        if (q.get('state') !== null) back.searchParams.set('state', q.get('state')!);
        back.searchParams.set('iss', origin);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(body);
        const log: TokenRequestLog = {
          grantType: form.get('grant_type') ?? '',
          resource: form.get('resource'),
          ok: false,
        };
        tokenRequests.push(log);
        if (form.get('resource') !== resource()) return json(res, 400, { error: 'invalid_target' });
        if (log.grantType === 'authorization_code') {
          const grant = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          if (
            !grant ||
            grant.clientId !== form.get('client_id') ||
            grant.redirectUri !== form.get('redirect_uri') ||
            s256(verifier) !== grant.challenge
          )
            return json(res, 400, { error: 'invalid_grant' });
          log.ok = true;
          return json(res, 200, issue(grant.clientId, grant.resource));
        }
        if (log.grantType === 'refresh_token') {
          const grant = refresh.get(form.get('refresh_token') ?? '');
          if (!grant || grant.clientId !== form.get('client_id')) return json(res, 400, { error: 'invalid_grant' });
          refresh.delete(form.get('refresh_token') ?? '');
          log.ok = true;
          return json(res, 200, issue(grant.clientId, grant.resource));
        }
        return json(res, 400, { error: 'unsupported_grant_type' });
      }
      json(res, 404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    origin,
    tokenRequests,
    authorizeRequests,
    accepts(authorization, audience) {
      const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
      const entry = token === undefined ? undefined : access.get(token);
      return entry !== undefined && entry.live && entry.resource === audience;
    },
    expireAccessTokens() {
      for (const entry of access.values()) entry.live = false;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
