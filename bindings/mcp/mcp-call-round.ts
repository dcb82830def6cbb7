// One tool call's life on the client: its time-out, which stops while the person answers a
// server's question (the time-out is for the server's work, not for a person at a form), its
// cancellation, and the questions it asked across its rounds (see mcp-elicitation.ts).
import type { McpElicitationAnswer, McpElicitationRound } from './mcp-elicitation.js';

/** A running call: the signal to give the SDK, and whether it ended by its time-out. */
export interface McpCallRound extends McpElicitationRound {
  /** Fires when the caller aborts or the time-out passes (not while a question is open). */
  readonly signal: AbortSignal;
  /** True once the time-out passed. */
  timedOut(): boolean;
  /** Stops the timer (the call is over). */
  end(): void;
}

/** Starts the clock of one call of `tool`: `timeoutMs` of the server's time, cancelled with `outer`. */
export function startCallRound(tool: string, timeoutMs: number, outer?: AbortSignal): McpCallRound {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let expired = false;
  let open = 0;
  const arm = () => {
    timer = setTimeout(() => {
      expired = true;
      controller.abort(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  };
  const disarm = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  arm();
  const signal = outer ? AbortSignal.any([outer, controller.signal]) : controller.signal;
  return {
    tool,
    answers: new Map<string, McpElicitationAnswer>(),
    signal,
    timedOut: () => expired,
    // A question open: the clock stops; the last one answered: it starts again, whole.
    pause() {
      open++;
      disarm();
    },
    resume() {
      open = Math.max(0, open - 1);
      if (open === 0 && !expired && !signal.aborted) arm();
    },
    end: disarm,
  };
}
