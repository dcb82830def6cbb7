// How long a failed request waits before its retry: the scheduled delay, or the server's
// `Retry-After` when that is longer — capped, so a mistyped header never hangs the turn.
import type { ChatError } from '../../src/wire/errors.js';
import type { RetryWait } from './turn-context-types.js';

/**
 * The wait before retry number `retry` (1-based) after `error`, starting `now` (epoch ms).
 * `retryAfterMs` is kept when the server's header decided the delay.
 */
export function retryWaitFor(
  options: { retryDelaysMs: readonly number[]; maxRetryAfterMs: number },
  retry: number,
  error: ChatError | undefined,
  now: number,
): RetryWait {
  const scheduled = options.retryDelaysMs[retry - 1] ?? 0;
  const asked = error?.retryAfterMs;
  if (asked !== undefined && Number.isFinite(asked) && asked > scheduled) {
    const delayMs = Math.max(scheduled, Math.min(asked, options.maxRetryAfterMs));
    return { delayMs, at: now + delayMs, retryAfterMs: asked };
  }
  return { delayMs: scheduled, at: now + scheduled };
}
