// How long a server asked to wait before the next try: `Retry-After` (delay-seconds or an HTTP
// date) and OpenAI's `retry-after-ms`.

/** The header's wait in milliseconds, or undefined when absent or unreadable. `now` is for tests. */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date begins with the day's name (IMF-fixdate, RFC 850 or asctime); Date.parse alone takes "-5" too.
  if (!/^[A-Za-z]{3}/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The wait a response's headers ask for: `retry-after-ms` first (more precise), then `Retry-After`. */
export function retryAfterFromHeaders(
  headers: { get(name: string): string | null } | undefined | null,
): number | undefined {
  if (headers === undefined || headers === null || typeof headers.get !== 'function') return undefined;
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms)) return Math.round(Number(ms));
  return parseRetryAfter(headers.get('retry-after'));
}

/** Anthropic's rate-limit reset headers (RFC 3339 times), read when a 429 has no Retry-After. */
const ANTHROPIC_RESET_HEADERS = [
  'anthropic-ratelimit-requests-reset',
  'anthropic-ratelimit-tokens-reset',
  'anthropic-ratelimit-input-tokens-reset',
  'anthropic-ratelimit-output-tokens-reset',
];

/**
 * The wait until the latest of Anthropic's `anthropic-ratelimit-*-reset` times that lies ahead
 * (a 429 names no limit, so the latest is the safe one), or undefined when none is readable.
 */
export function rateLimitResetMs(
  headers: { get(name: string): string | null } | undefined | null,
  now: number = Date.now(),
): number | undefined {
  if (headers === undefined || headers === null || typeof headers.get !== 'function') return undefined;
  let latest: number | undefined;
  for (const name of ANTHROPIC_RESET_HEADERS) {
    const text = headers.get(name)?.trim();
    if (text === undefined || !/^\d{4}-\d{2}-\d{2}T/.test(text)) continue;
    const at = Date.parse(text);
    if (!Number.isNaN(at) && (latest === undefined || at > latest)) latest = at;
  }
  return latest === undefined ? undefined : Math.max(0, latest - now);
}
