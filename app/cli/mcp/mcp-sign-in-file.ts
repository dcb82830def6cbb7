// The CLI's sign-in to Streamable HTTP MCP servers (OAuth 2.1, driven by the SDK through
// agent-turn/mcp's `signIn`): what the SDK asks the client to keep — the registered client, the
// PKCE verifier, the tokens — is one JSON file per server URL in the user's state folder
// ($XDG_STATE_HOME/agent-turn/mcp-sign-in/, folder 0700, files 0600), never in a workspace, so a
// checked-out project can neither read nor plant a token. The browser comes back to a listener on
// 127.0.0.1 (a loopback redirect, any port: RFC 8252 §7.3) that takes one redirect whose `state`
// is the one this sign-in sent, and nothing else.
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { McpSignIn } from 'agent-turn/mcp';
import type { OAuthClientProvider } from '@modelcontextprotocol/client';

/** What is kept for one server: the SDK's values as it gave them. */
interface SignInRecord {
  url: string;
  client?: unknown;
  tokens?: unknown;
  codeVerifier?: string;
}

/** Options of {@link fileSignIn}. */
export interface FileSignInOptions {
  /** The folder the records go in (the CLI: `<state folder>/mcp-sign-in`). */
  folder: string;
  /** Shows the person the URL to open (the CLI: a line on stderr). */
  show: (server: string, url: URL) => void;
  /** The client's name as the authorization server shows it. */
  clientName?: string;
}

/** The record's file of a server URL: a hash of the URL, so a name cannot point outside the folder. */
export function signInRecordFile(folder: string, url: string): string {
  return path.join(folder, `${createHash('sha256').update(url).digest('hex').slice(0, 32)}.json`);
}

function readRecord(file: string, url: string): SignInRecord {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as SignInRecord;
    return value.url === url ? value : { url };
  } catch {
    return { url };
  }
}

function writeRecord(folder: string, file: string, record: SignInRecord): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  writeFileSync(file, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** A listener on 127.0.0.1 for one redirect back from the authorization server. */
interface RedirectListener {
  redirectUrl: string;
  /** The redirect's query, whether it came before this call or comes later. */
  wait(signal: AbortSignal): Promise<URLSearchParams>;
  close(): Promise<void>;
}

/**
 * Listens for the redirect that carries `expectedState()`. The browser may come back before the
 * client asks for the redirect (the SDK shows the URL, then fails the handshake, then the caller
 * waits), so the first matching redirect is kept until asked for; any other request is refused.
 */
async function listenForRedirect(expectedState: () => string | undefined): Promise<RedirectListener> {
  let arrived: URLSearchParams | undefined;
  let waiting: ((params: URLSearchParams) => void) | undefined;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const state = url.searchParams.get('state');
    const expected = expectedState();
    const ok = url.pathname === '/callback' && arrived === undefined && expected !== undefined && state === expected;
    res.writeHead(ok ? 200 : 400, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(
      ok
        ? 'Signed in: you can close this tab and go back to agent-turn.\n'
        : 'Not a sign-in this agent-turn is waiting for.\n',
    );
    if (!ok) return;
    arrived = url.searchParams;
    waiting?.(arrived);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    wait: (signal) =>
      new Promise<URLSearchParams>((resolve, reject) => {
        if (arrived) return resolve(arrived);
        const abandon = () => reject(signal.reason ?? new Error('sign-in abandoned'));
        if (signal.aborted) return abandon();
        waiting = resolve;
        signal.addEventListener('abort', abandon, { once: true });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The CLI's `signIn` for agent-turn/mcp: a record file per server URL and a loopback listener.
 *
 * @example
 * ```ts
 * const signIn = fileSignIn({ folder: path.join(stateFolder(process.env), 'mcp-sign-in'), show: (name, url) => console.error(`mcp ${name}: sign in at ${url}`) });
 * await connectMcpServers(config, { signIn });
 * ```
 */
export function fileSignIn(options: FileSignInOptions): (server: string, url: string) => Promise<McpSignIn> {
  return async (server, url): Promise<McpSignIn> => {
    const file = signInRecordFile(options.folder, url);
    let record = readRecord(file, url);
    const save = (change: Partial<SignInRecord>) => {
      record = { ...record, ...change, url };
      writeRecord(options.folder, file, record);
    };
    let sentState: string | undefined;
    const listener = await listenForRedirect(() => sentState);
    const provider: OAuthClientProvider = {
      get redirectUrl() {
        return listener.redirectUrl;
      },
      get clientMetadata() {
        return {
          client_name: options.clientName ?? 'agent-turn',
          redirect_uris: [listener.redirectUrl],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
        };
      },
      state: () => {
        sentState = randomBytes(16).toString('base64url');
        return sentState;
      },
      clientInformation: () => record.client as ReturnType<OAuthClientProvider['clientInformation']>,
      saveClientInformation: (client) => save({ client }),
      tokens: () => record.tokens as ReturnType<OAuthClientProvider['tokens']>,
      saveTokens: (tokens) => save({ tokens }),
      redirectToAuthorization: (authorizationUrl) => options.show(server, authorizationUrl),
      saveCodeVerifier: (codeVerifier) => save({ codeVerifier }),
      codeVerifier: () => {
        if (record.codeVerifier === undefined)
          throw new Error(`mcp ${server}: no sign-in under way (no PKCE verifier kept)`);
        return record.codeVerifier;
      },
    };
    return {
      provider,
      callback: (signal) => listener.wait(signal),
      close: () => listener.close(),
    };
  };
}
