// The page's side of diff-worker.ts: `diffOffThread(change)` answers with the same FileDiff that
// fileDiff gives, worked out in a Web Worker (or here, where workers are not available).
import { fileDiff, type FileChange, type FileDiff } from '../../ui/file-diff.js';
import type { DiffAnswer, DiffRequest } from './diff-worker.js';

let worker: Worker | undefined;
let next = 0;
const waiting = new Map<number, (diff: FileDiff) => void>();

function diffWorker(): Worker | undefined {
  if (worker || typeof Worker !== 'function') return worker;
  worker = new Worker(new URL('./diff-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<DiffAnswer>) => {
    waiting.get(event.data.id)?.(event.data.diff);
    waiting.delete(event.data.id);
  };
  return worker;
}

/** The unified diff of a change, worked out off the main thread when the page can. */
export function diffOffThread(change: FileChange): Promise<FileDiff> {
  const w = diffWorker();
  if (!w) return Promise.resolve(fileDiff(change));
  const id = ++next;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    w.postMessage({ id, change } satisfies DiffRequest);
  });
}
