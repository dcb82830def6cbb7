// Comparing what is known of a file: whether two states are the same content, whether a stat
// shows a file unchanged, and whether its stamps are too fresh to trust (git's "racy clean").
import type { PathInfo } from '../workspace-port.js';
import type { FileState } from './checkpoint-types.js';

/** Whether two states (undefined: absent) are the same file content. */
export const sameState = (a: FileState | undefined, b: FileState | undefined): boolean =>
  a === undefined || b === undefined
    ? a === b
    : a.size === b.size &&
      a.key === b.key &&
      a.uncovered === b.uncovered &&
      // Without content to compare, the change stamps tell.
      (a.key !== undefined || sameStamps(a, b));

const sameStamps = (a: FileState | PathInfo, b: FileState | PathInfo) =>
  a.modifiedMs === b.modifiedMs && a.changedMs === b.changedMs && a.inode === b.inode;

/** Whether the stat says the file is as `previous` saw it: same size and change stamps (where the storage has them). */
export const unchangedSince = (previous: FileState | undefined, info: PathInfo): boolean =>
  previous !== undefined &&
  previous.racy === undefined &&
  info.modifiedMs !== undefined &&
  previous.size === info.size &&
  sameStamps(previous, info);

/**
 * A file changed this close (ms) before it was looked at has stamps that cannot be trusted yet
 * (git's "racy clean"): Linux moves file times in kernel ticks (4–10 ms); storage that keeps whole
 * seconds (FAT, some network disks) gets the wider window.
 */
const RACY_WINDOW_MS = 100;
const RACY_WINDOW_WHOLE_SECONDS_MS = 2000;

/** Whether the file's stamps are too close to `lookedFrom` to be trusted next time. */
export function racy(info: PathInfo, lookedFrom: number): boolean {
  const stamp = Math.max(info.modifiedMs ?? 0, info.changedMs ?? 0);
  const window = stamp % 1000 === 0 ? RACY_WINDOW_WHOLE_SECONDS_MS : RACY_WINDOW_MS;
  return stamp >= lookedFrom - window;
}

/** The state as a journal keeps it (the racy mark is this session's only). */
export function withoutRacy(state: FileState): FileState {
  const { racy: _racy, ...rest } = state;
  return rest;
}
