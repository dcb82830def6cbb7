// A durable turn reads each model reply whole inside its step. A thousand of them reading at once
// used to decode in the timers' and sockets' own callbacks, back to back, and held the worker's
// event loop (p99 66–114 ms at 1,000 turns; see docs/benchmarks.md). The step now decodes each
// read in a slice of the shared scheduler, as a chat actor does: other work runs between reads.
import type { Context } from '@restatedev/restate-sdk';
import { describe, expect, it } from 'vitest';
import { journaledChatClient } from '../../../bindings/restate/journaled-chat-client.js';
import type { ChatClient, ChatRequestOptions, ChatStreamEvent } from '../../../src/wire/types.js';

const ctx = { run: async (_name: string, action: () => unknown) => action() } as unknown as Context;

/** A model whose reads arrive at once (no I/O between them): only `beforeDecode` can yield. */
function instantModel(pieces: string[]): ChatClient {
  return {
    stream: (_request, options?: ChatRequestOptions) => ({
      async *[Symbol.asyncIterator]() {
        for (const text of pieces) {
          await options?.beforeDecode?.();
          yield { type: 'text', text } satisfies ChatStreamEvent;
        }
        yield { type: 'finish', reason: 'stop' } satisfies ChatStreamEvent;
      },
    }),
    complete: async () => {
      throw new Error('not used');
    },
  };
}

describe('a journaled model step', () => {
  it('reads its reply in the scheduler’s slices: a macrotask queued before it runs before it ends, and the reply is whole', async () => {
    const client = journaledChatClient(ctx, instantModel(['a', 'b', 'c', 'd']));
    let otherWorkRan = false;
    setImmediate(() => {
      otherWorkRan = true;
    });
    const events: ChatStreamEvent[] = [];
    let ranBeforeEnd: boolean | undefined;
    for await (const event of client.stream({ model: 'm', messages: [] })) {
      events.push(event);
      if (event.type === 'finish') ranBeforeEnd = otherWorkRan;
    }
    expect(ranBeforeEnd).toBe(true);
    expect(events).toEqual([
      { type: 'text', text: 'abcd' },
      { type: 'finish', reason: 'stop' },
    ]);
  });
});
