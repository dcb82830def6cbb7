// Who may drive `npm run serve`: a local HTTP service is reachable from every web page the user
// opens (a page may POST to 127.0.0.1) and, by DNS rebinding, from a page whose own host name
// resolves to 127.0.0.1. So the Host header must name the address the server is bound to, and
// CORS is allowed only for the origins given — by default the web page's dev server.

/** The web page's dev server (`npm run web`) and Vite's preview, on loopback: the origins allowed by default. */
export const DEFAULT_ALLOWED_ORIGINS: readonly string[] = Object.freeze([
  'http://127.0.0.1:5173',
  'http://localhost:5173',
  'http://127.0.0.1:4173',
  'http://localhost:4173',
]);

/** What a request may do: go on (with these CORS headers), or be refused with a status and why. */
export type OriginVerdict =
  | { ok: true; cors: Record<string, string> }
  | { ok: false; status: 403 | 421; message: string };

export interface OriginPolicyOptions {
  /** The address the server is bound to (e.g. 127.0.0.1, ::1, 0.0.0.0). */
  host: string;
  port: number;
  /** Origins (scheme://host:port) whose pages may call the server. Default {@link DEFAULT_ALLOWED_ORIGINS}. */
  allowedOrigins?: readonly string[];
  /** More Host header values to accept (a name the user serves under). */
  allowedHosts?: readonly string[];
}

const CORS_HEADERS = {
  'access-control-allow-headers':
    'authorization, content-type, x-api-key, anthropic-version, anthropic-beta, x-stainless-os, x-stainless-lang, x-stainless-arch, x-stainless-runtime, x-stainless-runtime-version, x-stainless-package-version, x-stainless-retry-count, x-stainless-timeout',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '']);

/** The Host values that name this server: its address and port (and `localhost` for a loopback one). */
function hostsFor(host: string, port: number): Set<string> {
  const name = host.includes(':') ? `[${host}]` : host;
  const hosts = new Set([`${name}:${port}`.toLowerCase()]);
  if (LOOPBACK.has(host)) for (const h of ['127.0.0.1', 'localhost', '[::1]']) hosts.add(`${h}:${port}`);
  if (port === 80) for (const h of [...hosts]) hosts.add(h.slice(0, h.lastIndexOf(':')));
  return hosts;
}

/**
 * A request's verdict from its Host and Origin headers. Host must name the bound address (421
 * otherwise: a DNS-rebound page sends its own name); a server bound to every address (0.0.0.0)
 * accepts any Host, as it asked to be reached by any name. A request with an Origin not allowed is
 * refused (403) — even a "simple" POST, which a browser sends without asking first; one without
 * an Origin (the CLI, the SDK, curl) goes on without CORS headers.
 */
export function createOriginPolicy(
  options: OriginPolicyOptions,
): (headers: { host?: string; origin?: string }) => OriginVerdict {
  const allowedOrigins = new Set((options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS).map((o) => o.replace(/\/+$/, '')));
  const anyHost = ANY_ADDRESS.has(options.host);
  const hosts = hostsFor(options.host, options.port);
  for (const h of options.allowedHosts ?? []) hosts.add(h.toLowerCase());
  return ({ host, origin }) => {
    if (!anyHost && (host === undefined || !hosts.has(host.toLowerCase()))) {
      return {
        ok: false,
        status: 421,
        message: `Host "${host ?? ''}" is not this server (${[...hosts][0]}); requests must name the address it is bound to.`,
      };
    }
    if (origin === undefined) return { ok: true, cors: {} };
    if (!allowedOrigins.has('*') && !allowedOrigins.has(origin)) {
      return {
        ok: false,
        status: 403,
        message: `Origin ${origin} is not allowed; start the server with --allow-origin ${origin} to let its pages call it.`,
      };
    }
    return { ok: true, cors: { 'access-control-allow-origin': origin, vary: 'Origin', ...CORS_HEADERS } };
  };
}
