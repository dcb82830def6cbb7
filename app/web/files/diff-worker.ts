// Works out file diffs off the page's main thread: a 1 MB change takes the diff library a good
// fraction of a second, which would freeze the page if done there.
import { fileDiff, type FileChange, type FileDiff } from '../../ui/file-diff.js';

export interface DiffRequest {
  id: number;
  change: FileChange;
}

export interface DiffAnswer {
  id: number;
  diff: FileDiff;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DiffRequest>) => void) | null;
  postMessage(answer: DiffAnswer): void;
};
scope.onmessage = (event) => {
  scope.postMessage({ id: event.data.id, diff: fileDiff(event.data.change) });
};
