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
