// Node 20 has no Promise.withResolvers (Node 22 does); the Restate SDK 1.16 calls it when it
// runs a handler. Installed by the adapter's factories, never at import.

/** Adds `Promise.withResolvers` where the runtime lacks it (Node 20). Idempotent. */
export function ensurePromiseWithResolvers(): void {
  const P = Promise as PromiseConstructor & { withResolvers?: unknown };
  if (typeof P.withResolvers === 'function') return;
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}
