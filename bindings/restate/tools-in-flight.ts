// The non-idempotent tools this process has been cleared to start, by the token of their journaled
// intent. Only the process that recorded an intent may start its tool, and only once: a replay in
// another process (the first one died, or a suspended turn moved) finds no entry and tells the
// model the outcome is unknown; a replay in this process (the Restate server restarted while the
// tool ran) gets the outcome of the run already under way instead of a second run.
import type { ExecuteToolOutput } from '../../machines/actors/execute-tool-actor-types.js';

type InFlight = { state: 'cleared' } | { state: 'started'; outcome: Promise<ExecuteToolOutput> };

/** How long a finished tool's outcome is kept for a retry of its step that lands here. */
const KEEP_FINISHED_MS = 10 * 60_000;
/** How long a clearance waits for its tool step (one that never comes here: the turn moved on elsewhere). */
const KEEP_CLEARED_MS = 60 * 60_000;

const inFlight = new Map<string, InFlight>();

/** Records that this process journaled `token`'s intent and may start its tool. */
export function clearToStart(token: string): void {
  const entry: InFlight = { state: 'cleared' };
  inFlight.set(token, entry);
  setTimeout(() => {
    if (inFlight.get(token) === entry) inFlight.delete(token);
  }, KEEP_CLEARED_MS).unref();
}

/**
 * The outcome of `token`'s tool: `run()` started now if this process is cleared to start it and
 * has not, the outcome of the run already started here, or undefined when this process never
 * recorded the intent (the tool may have run elsewhere: its outcome is unknown).
 */
export function runOnce(token: string, run: () => Promise<ExecuteToolOutput>): Promise<ExecuteToolOutput> | undefined {
  const entry = inFlight.get(token);
  if (entry === undefined) return undefined;
  if (entry.state === 'started') return entry.outcome;
  const outcome = run();
  inFlight.set(token, { state: 'started', outcome });
  void outcome.finally(() => setTimeout(() => inFlight.delete(token), KEEP_FINISHED_MS).unref());
  return outcome;
}

/** Forgets `token` once its outcome is recorded (no retry of the step can come any more). */
export function forgetRecorded(token: string): void {
  inFlight.delete(token);
}
