// The page's ELK: elkjs's API speaking to elk-layout-worker.ts, so the diagram's layout runs in a
// Web Worker; where workers are not available, undefined (state-layout-elk.ts then lays out here).
import ElkApi from 'elkjs/lib/elk-api.js';
import type { ElkNode } from 'elkjs/lib/elk-api.js';

/** What state-layout-elk.ts needs of an ELK: its `layout`. */
export interface ElkLayouter {
  layout(graph: ElkNode): Promise<ElkNode>;
}

/**
 * An ELK whose layouts run in a Web Worker, or undefined where there are no workers. The worker
 * is ended after its first layout (the page lays the diagram out once).
 */
export function elkOffThread(): ElkLayouter | undefined {
  if (typeof Worker !== 'function') return undefined;
  const elk = new ElkApi({
    workerFactory: () => new Worker(new URL('./elk-layout-worker.ts', import.meta.url), { type: 'module' }),
  });
  return {
    layout: async (graph) => {
      try {
        return await elk.layout(graph);
      } finally {
        elk.terminateWorker();
      }
    },
  };
}
