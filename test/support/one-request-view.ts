// The smallest turn view a renderer test needs: one request holding one block, no tokens yet.
import type { AgentTurnView, BlockView } from '../../machines/view/turn-view-types.js';

/** A view of the first request holding `block`: streaming it, or waiting after it (request complete). */
export function oneRequestView(block: BlockView, phase: 'streaming' | 'waiting'): AgentTurnView {
  return {
    state: phase,
    phase,
    request: 1,
    tokens: { total: 0, reasoning: 0, estimated: false },
    usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: false },
    currentStreamingContentIndex: 0,
    done: false,
    context: { window: 128_000, budget: 120_000, tokens: 0, estimated: true, droppedMessages: 0, truncations: [] },
    requests: [
      {
        key: '0',
        index: 0,
        number: 1,
        attempt: 0,
        status: phase === 'streaming' ? 'streaming' : 'complete',
        blocks: [block],
        retried: false,
      },
    ],
    blocks: [block],
  } as AgentTurnView;
}
