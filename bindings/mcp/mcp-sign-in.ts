// Signing in to a Streamable HTTP server (MCP authorization: OAuth 2.1). The SDK does the
// protocol — the protected resource metadata (RFC 9728) named by the 401's WWW-Authenticate, the
// authorization server's metadata (RFC 8414), dynamic client registration when offered, PKCE with
// S256, the `resource` parameter (RFC 8707), the token refresh on a later 401 — through an
// `OAuthClientProvider` that keeps the tokens. What is left to the caller (the CLI: a file in the
// user's state folder, a listener on 127.0.0.1 for the redirect) is {@link McpSignIn}: the
// provider, and the callback the person's browser brings back.
import type { OAuthClientProvider } from '@modelcontextprotocol/client';

/** How one HTTP server is signed in to: the SDK's provider, and the wait for the browser's redirect. */
export interface McpSignIn {
  /** Keeps the client registration, the PKCE verifier and the tokens; its `redirectToAuthorization` shows the person the URL. */
  provider: OAuthClientProvider;
  /** The query of the redirect back from the authorization server (`code`, `state`, `iss`), once the person signed in. */
  callback(signal: AbortSignal): Promise<URLSearchParams>;
  /** Done with it (the redirect listener closes). */
  close?(): Promise<void> | void;
}

/** Gives the sign-in of an HTTP server (undefined: that server is reached without). */
export type McpSignInFactory = (server: string, url: string) => Promise<McpSignIn | undefined> | McpSignIn | undefined;

/** How long the person has to sign in before the server counts as failed: 5 minutes. */
export const MCP_SIGN_IN_TIMEOUT_MS = 300_000;

/** Whether an SDK failure is a 401 the sign-in can answer (the SDK then has asked the provider to show the URL). */
export function needsSignIn(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown; status?: unknown; message?: unknown } | undefined;
  if (e?.name === 'UnauthorizedError') return true;
  return e?.status === 401 || (typeof e?.message === 'string' && /\bUnauthorized\b/.test(e.message));
}
