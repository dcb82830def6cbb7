import type { SnapshotFrom } from 'xstate';
import type { AgentTurnMachine } from '../../machines/agent-turn-machine.js';
import { selectView } from '../../machines/select-view.js';
import type { BlockView } from '../../machines/select-view.js';
import type { ToolCardStatus, TurnPhase, TurnView, TurnViewBlock } from './turn-view.js';

/** Reasoning models count about four characters a token; used where the provider gave no count. */
const CHARS_PER_TOKEN = 4;

function phaseOf(state: string, done: boolean): TurnPhase {
  if (done) return 'finished';
  if (state === 'request.streaming') return 'streaming';
  if (state === 'request.awaitingApproval') return 'awaiting-approval';
  if (state === 'request.executingTool') return 'running-tool';
  if (state === 'retrying') return 'retrying';
  return 'waiting';
}

function viewBlock(block: BlockView, key: string, request: number): TurnViewBlock {
  if (block.type === 'text') return { key, request, kind: 'text', text: block.content, partial: block.status === 'streaming' };
  if (block.type === 'reasoning') return { key, request, kind: 'reasoning', text: block.reasoning, partial: block.status === 'streaming', tokens: block.tokens };
  const status: ToolCardStatus = block.status === 'complete' ? 'ready' : block.status;
  return {
    key, request, kind: 'tool', name: block.name, params: block.params, status,
    ...(block.result !== undefined ? { result: block.result, isError: block.isError === true } : {}),
  };
}

/** Output tokens guessed from the text seen, for streams that report no usage (yet). */
function estimatedTokens(blocks: readonly TurnViewBlock[]): TurnView['tokens'] {
  let chars = 0;
  let reasoning = 0;
  for (const b of blocks) {
    if (b.kind === 'reasoning') reasoning += b.tokens;
    else if (b.kind === 'text') chars += b.text.length;
    else if (b.kind === 'tool') for (const v of Object.values(b.params)) chars += v.length;
  }
  return { total: Math.ceil(chars / CHARS_PER_TOKEN) + reasoning, reasoning, estimated: true };
}

/** The machine's view (selectView) as the CLI draws it: every request's blocks in one list, keyed `request index:block index`. */
export function viewFromSnapshot(snapshot: SnapshotFrom<AgentTurnMachine>): TurnView {
  const view = selectView(snapshot);
  const blocks: TurnViewBlock[] = [];
  let request = 0;
  view.requests.forEach((r, n) => {
    if (r.attempt === 0) request++;
    r.blocks.forEach((b, i) => blocks.push(viewBlock(b, `${r.index}:${i}`, Math.max(1, request))));
    // A failed attempt that another one follows was retried; the last failure is the turn's own error.
    const next = view.requests[n + 1];
    if (r.status === 'failed' && r.error && next !== undefined && next.attempt > 0) {
      blocks.push({ key: `${r.index}:retry`, request: Math.max(1, request), kind: 'notice', text: `attempt ${r.attempt + 1} failed [${r.error.code}] ${r.error.message.replace(/\.$/, '')} — retrying` });
    }
  });
  const usage = view.usage;
  return {
    state: view.state,
    phase: phaseOf(view.state, view.done),
    request: Math.max(1, request),
    tokens: usage.totalTokens > 0 ? { total: usage.totalTokens, reasoning: usage.reasoningTokens ?? 0 } : estimatedTokens(blocks),
    blocks,
  };
}
