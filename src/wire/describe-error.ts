// A thrown value as one line that says why: undici's "fetch failed" hides the reason in `cause`
// (ECONNREFUSED, ENOTFOUND, a TLS error), sometimes inside an AggregateError.

function ownMessage(error: unknown): string {
  if (!(error instanceof Error) && (error === null || typeof error !== 'object')) return String(error);
  const e = error as { message?: unknown; code?: unknown; errors?: unknown };
  let message = typeof e.message === 'string' ? e.message : '';
  // An AggregateError (one failure per address tried) often has an empty message of its own.
  if (Array.isArray(e.errors) && e.errors.length > 0) {
    const parts = [...new Set(e.errors.map((inner) => ownMessage(inner)).filter((m) => m !== ''))];
    if (parts.length > 0) message = message === '' ? parts.join('; ') : `${message} (${parts.join('; ')})`;
  }
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code !== undefined && !message.includes(code)) message = message === '' ? code : `${message} [${code}]`;
  return message;
}

/** The message of `error` followed by those of its causes, e.g. "fetch failed: connect ECONNREFUSED 127.0.0.1:9". */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current) && parts.length < 5) {
    seen.add(current);
    const message = ownMessage(current);
    if (message !== '' && !parts.some((p) => p.includes(message))) parts.push(message);
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return parts.length === 0 ? String(error) : parts.join(': ');
}
