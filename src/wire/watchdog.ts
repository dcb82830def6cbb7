// The first-byte and idle timeouts: a wait guarded by the watchdog rejects with ChatError
// 'timeout' once no byte came for the limit. Only time spent waiting counts, and one timer serves
// every read (re-armed only when it fires), so the hot path pays a clock read per piece.
import { ChatError } from './errors.js';
import type { ResolvedChatLimits } from './limits.js';

export class Watchdog {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private deadline = 0;
  private began = false;
  private waitingSince = 0;
  private lastByte = 0;
  private pending: ((error: ChatError) => void) | undefined;
  private fired: ChatError | undefined;
  private stopped = false;

  constructor(
    private readonly limits: Pick<ResolvedChatLimits, 'firstByteTimeoutMs' | 'idleTimeoutMs'>,
    /** What arrived so far, for the message ("after 12 chunks"). */
    private readonly progress: () => string,
    /** Called once when a timeout fires (to abort the request under the read). */
    private readonly onFire?: (error: ChatError) => void,
  ) {}

  /** Bytes arrived: the reply has begun, and the silence starts again. */
  touch(): void {
    this.began = true;
    this.lastByte = Date.now();
  }

  /** Settles like `promise`, or rejects with 'timeout' when no byte comes in time. */
  guard<T>(promise: Promise<T>): Promise<T> {
    if (this.fired !== undefined) {
      promise.catch(() => {});
      return Promise.reject(this.fired);
    }
    const limit = this.limit();
    if (this.stopped || limit === Infinity) return promise;
    this.waitingSince = Date.now();
    // Armed for the first byte's longer limit, the timer would fire too late for the idle one.
    if (this.timer !== undefined && this.deadline > this.waitingSince + limit) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.timer === undefined) this.arm(limit);
    return new Promise<T>((resolve, reject) => {
      this.pending = reject;
      promise.then(
        (value) => {
          this.pending = undefined;
          resolve(value);
        },
        (error: unknown) => {
          this.pending = undefined;
          reject(error);
        },
      );
    });
  }

  stop(): void {
    this.stopped = true;
    this.pending = undefined;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private limit(): number {
    return this.began ? this.limits.idleTimeoutMs : this.limits.firstByteTimeoutMs;
  }

  private arm(ms: number): void {
    this.deadline = Date.now() + ms;
    this.timer = setTimeout(() => this.check(), Math.min(ms, 2_147_483_647));
    // In Node, a timer alone does not keep the process alive (the socket it guards does).
    const timer = this.timer as { unref?: () => void };
    if (typeof timer.unref === 'function') timer.unref();
  }

  private check(): void {
    this.timer = undefined;
    if (this.stopped || this.pending === undefined) return; // nobody waits: armed again by the next guard
    const limit = this.limit();
    if (limit === Infinity) return;
    const silentFor = Date.now() - Math.max(this.waitingSince, this.began ? this.lastByte : 0);
    if (silentFor < limit) {
      this.arm(limit - silentFor);
      return;
    }
    const error = this.began
      ? new ChatError(
          'timeout',
          `the server sent nothing for ${seconds(limit)} (idle timeout) after ${this.progress()}`,
          { retryable: true },
        )
      : new ChatError('timeout', `no reply from the server within ${seconds(limit)} (first-byte timeout)`, {
          retryable: true,
        });
    this.fired = error;
    const reject = this.pending;
    this.pending = undefined;
    reject(error);
    this.onFire?.(error);
  }
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${+(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}
