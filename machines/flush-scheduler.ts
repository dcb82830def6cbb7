// One queue of pending flushes for every chat actor in the process (or page), run in time slices.
//
// Each chat actor used to flush its batch on its own next macrotask, so with a thousand streams
// reading at once, one turn of the event loop ran a thousand machine transitions and a thousand
// view updates back to back: 50 ms and more in which no timer, no click and no other request was
// served. Here the flushes wait in one FIFO queue, and a task runs them only until its slice is
// spent; the rest wait for the next task, after the loop has turned once. A turn still waiting
// keeps reading meanwhile, so its next flush carries more events: under load, updates get fewer
// and larger instead of the loop stalling (the same trade a UI scheduler makes).
//
// Cost: O(1) to queue or run a flush; one timer per slice, not one per stream.

/** How long one task may run flushes before it yields the event loop (milliseconds). */
export const FLUSH_SLICE_MS = 2;

/** Queues flushes and runs them in time-bounded tasks. */
export interface FlushScheduler {
  /** Queues `flush` to run in a later task, unless it is already queued. */
  queue(flush: () => void): void;
  /** Flushes queued now (not yet run). */
  readonly size: number;
}

export interface FlushSchedulerOptions {
  /** A task's budget in milliseconds: once spent, the remaining flushes wait for the next task. */
  sliceMs?: number;
  /** Runs `task` on a later macrotask. Default: `setImmediate` where there is one (Node), else `setTimeout(task, 0)`. */
  schedule?: (task: () => void) => void;
  /** The clock, in milliseconds. Default: `performance.now()`. */
  now?: () => number;
}

/**
 * A scheduler of flushes. Every flush queued before a task starts runs in that task or a later
 * one, in the order queued; a flush queued while a task runs waits for the next task. At least one
 * flush runs per task, so a single slow flush cannot stop the queue.
 */
export function createFlushScheduler(options: FlushSchedulerOptions = {}): FlushScheduler {
  const sliceMs = options.sliceMs ?? FLUSH_SLICE_MS;
  const schedule = options.schedule ?? nextMacrotask;
  const now = options.now ?? (() => performance.now());
  // The queue as an array with a moving head, and a set for "already queued".
  let pending: (() => void)[] = [];
  let head = 0;
  const queued = new Set<() => void>();
  let scheduled = false;

  // `scheduled` stays true while a task runs: a flush queued meanwhile is taken by the check at its end.
  const run = () => {
    const deadline = now() + sliceMs;
    const end = pending.length; // what was queued before this task
    try {
      do {
        const flush = pending[head++];
        queued.delete(flush);
        flush();
      } while (head < end && now() < deadline);
    } finally {
      // Also after a flush threw: the others still run, in the next task.
      pending = pending.slice(head);
      head = 0;
      if (pending.length > 0) schedule(run);
      else scheduled = false;
    }
  };

  return {
    queue(flush) {
      if (queued.has(flush)) return;
      queued.add(flush);
      pending.push(flush);
      if (!scheduled) {
        scheduled = true;
        schedule(run);
      }
    },
    get size() {
      return queued.size;
    },
  };
}

// setImmediate runs after the loop's I/O, without the 1 ms (Node) or 4 ms (nested, browsers) floor
// of setTimeout: a scheduler with a backlog yields the loop without idling it.
const immediate = (globalThis as { setImmediate?: (task: () => void) => unknown }).setImmediate;
function nextMacrotask(task: () => void): void {
  if (immediate !== undefined) immediate(task);
  else setTimeout(task, 0);
}

/** The scheduler every chat actor shares. */
export const sharedFlushScheduler: FlushScheduler = /* @__PURE__ */ createFlushScheduler();
