// A running turn's views, pulled as an async iterable: only the newest view waits (a slow reader
// gets fewer, later views, never a growing pile), and views are spaced at least `intervalMs`
// apart while the reply streams, so a long parameter is read (and sent) a few times, not per token.
// A view that needs an answer (approval) or ends the turn comes at once.
import type { SnapshotFrom } from 'xstate';
import type { AgentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import { selectView } from '../../machines/view/select-view.js';
import type { AgentTurnView } from '../../machines/view/turn-view-types.js';

/** The actor side a follower needs: `getSnapshot` and `subscribe` (an AgentTurnActor has both). */
export interface FollowedTurn {
  getSnapshot(): SnapshotFrom<AgentTurnMachine>;
  subscribe(observer: (snapshot: SnapshotFrom<AgentTurnMachine>) => void): { unsubscribe(): void };
}

/** How often views are taken. */
export interface TurnViewsOptions {
  /** Least time between two views while the reply streams (default 25 ms; 0 = every snapshot the reader keeps up with). */
  intervalMs?: number;
  /** Stops following (the iterable ends). */
  signal?: AbortSignal;
}

const URGENT = new Set(['awaiting-approval', 'finished']);

/** The turn's views from now until it finishes (or `signal` aborts), newest first when the reader lags. */
export async function* turnViews(turn: FollowedTurn, options: TurnViewsOptions = {}): AsyncGenerator<AgentTurnView> {
  const intervalMs = options.intervalMs ?? 25;
  let latest = turn.getSnapshot();
  let fresh = true;
  let wake: (() => void) | undefined;
  const subscription = turn.subscribe((snapshot) => {
    latest = snapshot;
    fresh = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  options.signal?.addEventListener('abort', onAbort);
  let lastAt = 0;
  try {
    while (!options.signal?.aborted) {
      if (!fresh) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      if (options.signal?.aborted) break;
      const view = selectView(latest);
      const wait = URGENT.has(view.phase) ? 0 : intervalMs - (Date.now() - lastAt);
      if (wait > 0) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue; // take the newest snapshot after the wait
      }
      fresh = false;
      lastAt = Date.now();
      yield view;
      if (view.done) break;
    }
  } finally {
    subscription.unsubscribe();
    options.signal?.removeEventListener('abort', onAbort);
  }
}
