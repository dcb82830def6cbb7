// Frames to a byte stream, paced by timers only where a frame asks for a wait, and stopped by
// the request's AbortSignal (the body errors with the signal's reason, as fetch does). Frames
// without a wait are delivered together, as network-sized reads (at most READ_CHARS characters), one read
// per task as from a socket: a fast stream never holds the event loop for the whole reply.
// Optionally as a real network delivers them (NetworkShape): waits jittered, and bytes cut into
// reads at random places (an event split over reads, several in one read, a UTF-8 character cut).
import { randomInt, type RandomSource } from './scripted-random.js';

export interface PacedFrame {
  text: string;
  delayMs: number;
}

/** How the bytes travel: jitter on every wait, random read boundaries; both drawn from `random`. */
export interface NetworkShape {
  jitterMs: number;
  randomChunks: boolean;
  random: RandomSource;
}

/** A wait moved by up to `jitterMs` either way; no wait stays no wait (pace 0 keeps free of timers). */
export function jitteredDelay(delayMs: number, shape: NetworkShape | undefined): number {
  if (shape === undefined || delayMs <= 0 || shape.jitterMs <= 0) return delayMs;
  return Math.max(0, delayMs + (shape.random() * 2 - 1) * shape.jitterMs);
}

/** One read's bytes cut at up to two random places (reads of one byte stay whole). */
export function cutRead(bytes: Uint8Array, random: RandomSource): Uint8Array[] {
  if (bytes.length < 2) return [bytes];
  const cuts = [
    ...new Set(Array.from({ length: randomInt(random, 0, 2) }, () => randomInt(random, 1, bytes.length - 1))),
  ].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    out.push(bytes.subarray(at, cut));
    at = cut;
  }
  return out;
}

function wait(ms: number, timers: { timer?: ReturnType<typeof setTimeout>; wake?: () => void }): Promise<void> {
  return new Promise<void>((resolve) => {
    timers.wake = resolve;
    timers.timer = setTimeout(resolve, ms);
  }).then(() => {
    timers.timer = undefined;
    timers.wake = undefined;
  });
}

export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** The most SSE text a read of frames without waits carries (about a typical socket read). */
export const READ_CHARS = 16 * 1024;

/** Resolves in a later task (not a microtask, not a clamped timer): setImmediate or a MessageChannel. */
export function nextTask(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  if (typeof immediate === 'function') return new Promise((resolve) => void immediate(resolve));
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The frames as a byte stream; `frames` is read lazily, a read at a time (a generator spreads its own cost too). */
export function framesToStream(
  frames: Iterable<PacedFrame>,
  signal?: AbortSignal,
  shape?: NetworkShape,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const source = frames[Symbol.iterator]();
  let peeked: IteratorResult<PacedFrame> = source.next();
  const take = (): PacedFrame => {
    const frame = peeked.value as PacedFrame;
    peeked = source.next();
    return frame;
  };
  let reads = 0;
  let stopped = false;
  const timers: { timer?: ReturnType<typeof setTimeout>; wake?: () => void } = {};
  let onAbort: (() => void) | undefined;
  /** The rest of a read cut in pieces: each goes out as a read of its own. */
  const pending: Uint8Array[] = [];

  const stop = () => {
    stopped = true;
    if (timers.timer !== undefined) clearTimeout(timers.timer);
    timers.timer = undefined;
    timers.wake?.();
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  };
  /** The frames after the last one taken that need no wait (they come in the same read). */
  const followers = (text: string): string => {
    while (!peeked.done && peeked.value.delayMs === 0 && text.length + peeked.value.text.length <= READ_CHARS)
      text += take().text;
    return text;
  };

  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (!signal) return;
      onAbort = () => {
        if (stopped) return;
        controller.error(abortReason(signal));
        stop();
      };
      signal.addEventListener('abort', onAbort, { once: true });
    },
    async pull(controller) {
      if (stopped) return;
      const piece = pending.shift();
      if (piece !== undefined) {
        controller.enqueue(piece);
        return;
      }
      if (peeked.done) {
        stop();
        controller.close();
        return;
      }
      const frame = take();
      const delayMs = jitteredDelay(frame.delayMs, shape);
      if (delayMs > 0) {
        await wait(delayMs, timers);
        if (stopped) return;
      } else if (reads > 0) {
        await nextTask();
        if (stopped) return;
      }
      let text = followers(frame.text);
      // A random network: sometimes the next frame's bytes arrive before this read is taken.
      while (shape?.randomChunks && !peeked.done && shape.random() < 0.3) {
        const next = take();
        const more = jitteredDelay(next.delayMs, shape);
        if (more > 0) await wait(more, timers);
        if (stopped) return;
        text = followers(text + next.text);
      }
      reads++;
      const bytes = encoder.encode(text);
      if (shape?.randomChunks) {
        const [first, ...rest] = cutRead(bytes, shape.random);
        pending.push(...rest);
        controller.enqueue(first);
      } else controller.enqueue(bytes);
    },
    cancel() {
      stop();
    },
  });
}
