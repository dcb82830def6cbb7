// "The view never goes backwards": across a turn's snapshots, a settled tool keeps its status and
// result, prose only grows at its end, requests are never lost and a finished one never streams again.
import type { AgentTurnView } from '../../machines/view/turn-view-types.js';
import { TurnInvariantError } from './turn-invariant-error.js';

const SETTLED = new Set(['done', 'error', 'rejected', 'skipped', 'cut-off']);

/** Watches successive views of one turn; `see` throws a TurnInvariantError (`view-went-back`) at the first step back. */
export function createViewWatch(): { see(view: AgentTurnView): void } {
  const prose = new Map<string, string>();
  const settled = new Map<string, string>();
  const finished = new Set<number>();
  let requests = 0;
  const back = (message: string) => {
    throw new TurnInvariantError('view-went-back', message);
  };
  return {
    see(view) {
      if (view.requests.length < requests) back(`the view lost requests (${requests} → ${view.requests.length})`);
      requests = view.requests.length;
      for (const request of view.requests) {
        if (request.status !== 'streaming') finished.add(request.index);
        else if (finished.has(request.index)) back(`request ${request.index} streams again after it ended`);
        for (const block of request.blocks) {
          if (block.type === 'tool_use') {
            const was = settled.get(block.key);
            const now = SETTLED.has(block.status)
              ? `${block.status}:${'result' in block ? block.result : ''}`
              : undefined;
            if (was !== undefined && now !== was)
              back(`tool ${block.key} was ${was.split(':')[0]}, now ${block.status}`);
            // Stryker disable next-line ConditionalExpression: an entry of undefined reads the same as none (`was` is only compared when defined)
            if (now !== undefined) settled.set(block.key, now);
          } else {
            const content = block.type === 'text' ? block.content : block.reasoning;
            const was = prose.get(block.key);
            if (was !== undefined && !content.startsWith(was)) back(`block ${block.key} changed what it had shown`);
            prose.set(block.key, content);
          }
        }
      }
    },
  };
}
