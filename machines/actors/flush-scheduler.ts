// One queue of work for every chat actor in the process (or page), run in time slices.
//
// Each chat actor used to flush its batch on its own next macrotask, and to decode each network
// read in the read's own I/O callback. With a thousand streams reading at once, one turn of the
// event loop then decoded a thousand reads and ran a thousand machine transitions and view updates
// back to back: 50 ms and more in which no timer, no click and no other request was served.
// Here that work waits in one FIFO queue, and a task runs it only until its slice is spent; the
// rest waits for the next task, after the loop has turned once. A turn still waiting keeps
// reading meanwhile, so its next flush carries more events: under load, updates get fewer and
// larger instead of the loop stalling (the same trade a UI scheduler makes).
//
// Three kinds of work go through it: a chat actor's flush (one CHAT.CHUNKS transition and what
// its subscribers do), the start of a request (the body's JSON, the connection), and the decoding
// of a read: the chat client awaits `turn()` between a read and its decoding, and what follows
// the awaited promise (decoding, handing out events) runs in the slice, before the clock is read
// again.
//
// Cost: O(1) to queue or run a unit; one macrotask per slice, not one per stream.

/** How long one task may run queued work before it yields the event loop (milliseconds). */
export const FLUSH_SLICE_MS = 2;

/** Queues work and runs it in time-bounded tasks. */
export interface FlushScheduler {
  /** Queues `unit` to run in a later task, unless it is already queued. */
  queue(unit: () => void): void;
  /** A promise that resolves in a later task's slice: await it to do what follows there. */
  turn(): Promise<void>;
  /** Units queued now (not yet run). */
  readonly size: number;
}

export interface FlushSchedulerOptions {
  /** A task's budget in milliseconds: once spent, the remaining units wait for the next task. */
  sliceMs?: number;
  /**
   * Runs `task` on a later macrotask (the task may return a promise: it goes on in microtasks).
   * Default: `setImmediate` where there is one (Node), else a `MessageChannel` message (browsers),
   * else `setTimeout(task, 0)`.
   */
  schedule?: (task: () => unknown) => void;
  /** The clock, in milliseconds. Default: `performance.now()`. */
  now?: () => number;
}

/**
 * A scheduler of work units. Every unit queued before a task starts runs in that task or a later
 * one, in the order queued; a unit queued while a task runs waits for the next task. At least one
 * unit runs per task, so a single slow unit cannot stop the queue. After each unit the task lets
 * the microtasks it started run (a resolved `turn()`'s continuation) before it reads the clock.
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

  // `scheduled` stays true while a task runs: a unit queued meanwhile is taken by the check at its end.
  const run = async () => {
    const deadline = now() + sliceMs;
    const end = pending.length; // what was queued before this task
    try {
      for (;;) {
        const unit = pending[head++];
        queued.delete(unit);
        unit();
        if (head >= end) break;
        await undefined; // the unit's microtasks first: what a resolved turn() was waiting to do
        if (now() >= deadline) break;
      }
    } finally {
      // Also after a unit threw: the others still run, in the next task.
      pending = pending.slice(head);
      head = 0;
      if (pending.length > 0) schedule(run);
      else scheduled = false;
    }
  };

  const queue = (unit: () => void) => {
    if (queued.has(unit)) return;
    queued.add(unit);
    pending.push(unit);
    if (!scheduled) {
      scheduled = true;
      schedule(run);
    }
  };

  return {
    queue,
    turn: () => new Promise<void>((resolve) => queue(resolve)),
    get size() {
      return queued.size;
    },
  };
}

// setImmediate (Node) runs after the loop's I/O, without setTimeout's 1 ms floor. A browser has
// none, and its setTimeout waits at least 4 ms once timers nest (a scheduler with a backlog
// re-arms itself from its own task): a 1 MB reply read in a thousand slices would mostly wait. A
// MessageChannel message is a macrotask with no such floor (what UI schedulers use); setTimeout
// is the last resort.
// (read inside a pure-marked function: a bundle without the machine drops it)
const immediate = /* @__PURE__ */ (() =>
  (globalThis as { setImmediate?: (task: () => unknown) => unknown }).setImmediate)();
let channelTasks: (() => unknown)[] | undefined;
let channelPort: { postMessage(message: unknown): void } | undefined;

function postTask(task: () => unknown): boolean {
  if (channelPort === undefined) {
    if (typeof MessageChannel === 'undefined') return false;
    const channel = new MessageChannel();
    const tasks: (() => unknown)[] = [];
    channel.port1.onmessage = () => void tasks.shift()?.();
    channelTasks = tasks;
    channelPort = channel.port2;
  }
  channelTasks!.push(task);
  channelPort.postMessage(null);
  return true;
}

function nextMacrotask(task: () => unknown): void {
  // Stryker disable next-line ConditionalExpression: Node has setImmediate; the browser tests run the other branches
  if (immediate !== undefined) immediate(task);
  else if (!postTask(task)) setTimeout(task, 0);
}

/** The scheduler every chat actor shares. */
export const sharedFlushScheduler: FlushScheduler = /* @__PURE__ */ createFlushScheduler();
