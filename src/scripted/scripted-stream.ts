// Frames to a byte stream, paced by timers only where a frame asks for a wait, and stopped by
// the request's AbortSignal (the body errors with the signal's reason, as fetch does). Frames
// without a wait are delivered together, as network-sized reads (at most READ_CHARS characters), one read
// per task as from a socket: a fast stream never holds the event loop for the whole reply.

export interface PacedFrame {
  text: string;
  delayMs: number;
}

export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** The most SSE text a read of frames without waits carries (about a typical socket read). */
export const READ_CHARS = 64 * 1024;

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
export function framesToStream(frames: Iterable<PacedFrame>, signal?: AbortSignal): ReadableStream<Uint8Array> {
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
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | undefined;
  let onAbort: (() => void) | undefined;

  const stop = () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    wake?.();
    if (onAbort) signal?.removeEventListener('abort', onAbort);
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
      if (peeked.done) {
        stop();
        controller.close();
        return;
      }
      const frame = take();
      if (frame.delayMs > 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, frame.delayMs);
        });
        timer = undefined;
        wake = undefined;
        if (stopped) return;
      } else if (reads > 0) {
        await nextTask();
        if (stopped) return;
      }
      // The frames after it that need no wait come in the same read.
      let text = frame.text;
      while (!peeked.done && peeked.value.delayMs === 0 && text.length + peeked.value.text.length <= READ_CHARS) text += take().text;
      reads++;
      controller.enqueue(encoder.encode(text));
    },
    cancel() {
      stop();
    },
  });
}
