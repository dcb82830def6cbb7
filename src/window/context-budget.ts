// How many prompt tokens a request may carry: the context window minus the room kept for the reply.

/** The window and the reply's room, in tokens. */
export interface ContextLimits {
  /** The model's whole context window (prompt plus reply). */
  contextWindow: number;
  /** The most the model may write in one reply. */
  maxOutputTokens: number;
}

/**
 * Room kept for the reply: the request's own `max_tokens` when it sets one (the provider counts it
 * against the window), else the model's output limit, but never more than a quarter of the window
 * (a model that may write 128K tokens in a 200K window rarely does; truncating for it would waste the window).
 */
export function replyReserve(limits: ContextLimits, requestedMaxTokens: number | undefined): number {
  if (requestedMaxTokens !== undefined && requestedMaxTokens > 0)
    return Math.min(requestedMaxTokens, limits.contextWindow);
  return Math.min(limits.maxOutputTokens, Math.floor(limits.contextWindow / 4));
}

/** The prompt budget: the window minus the reply's reserve (at least one token). */
export function promptBudget(limits: ContextLimits, requestedMaxTokens: number | undefined): number {
  return Math.max(1, limits.contextWindow - replyReserve(limits, requestedMaxTokens));
}
