// One clock for two processes: milliseconds since the epoch with sub-millisecond resolution.
/** Epoch milliseconds, comparable between processes of one machine (performance.timeOrigin + now). */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}
