// Frames to a byte stream, paced by timers only where a frame asks for a wait, and stopped by
// the request's AbortSignal (the body errors with the signal's reason, as fetch does).

export interface PacedFrame {
  text: string;
  delayMs: number;
}

export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

export function framesToStream(frames: readonly PacedFrame[], signal?: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
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
      if (next >= frames.length) {
        stop();
        controller.close();
        return;
      }
      const frame = frames[next++];
      if (frame.delayMs > 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, frame.delayMs);
        });
        timer = undefined;
        wake = undefined;
        if (stopped) return;
      }
      controller.enqueue(encoder.encode(frame.text));
    },
    cancel() {
      stop();
    },
  });
}
