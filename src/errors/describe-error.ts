// One sentence for whatever was thrown: an error's message, else the value as a string.

/**
 * What `error` says: its `message` when it has one (an `Error`, or any object with a string
 * `message`), else `String(error)` (a thrown string as it is, `undefined` as `'undefined'`).
 *
 * @example
 * ```ts
 * try {
 *   await runAgentTurn(setup);
 * } catch (error) {
 *   console.error(`the turn failed: ${describeError(error)}`); // whatever was thrown
 * }
 * ```
 */
export function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return String(error);
}
