// Aborting through an AbortSignal, as a ChatError with code 'aborted'.
import { ChatError } from './errors.js';

export function abortedError(signal: AbortSignal | undefined): ChatError {
  return new ChatError('aborted', 'the request was aborted', { cause: signal?.reason });
}

/** Settles like `promise`, or rejects with 'aborted' as soon as `signal` aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) {
    promise.catch(() => {}); // its outcome no longer matters
    return Promise.reject(abortedError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
