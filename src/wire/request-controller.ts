// The AbortController of one request, following the caller's signal.

/** An AbortController for one request that follows the caller's signal; `release` stops following it. */
export function requestController(signal: AbortSignal | undefined): {
  controller: AbortController;
  release: () => void;
} {
  const controller = new AbortController();
  if (signal === undefined) return { controller, release: () => {} };
  const follow = () => controller.abort(signal.reason);
  if (signal.aborted) follow();
  else signal.addEventListener('abort', follow, { once: true });
  return { controller, release: () => signal.removeEventListener('abort', follow) };
}
