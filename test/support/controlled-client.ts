// A ChatClient whose streams the test feeds event by event: every request opens a reply the test
// pushes events into and ends; an aborted request ends with the typed 'aborted' error.
import { ChatError } from '../../src/wire/errors.js';
import type { ChatClient, ChatRequest, ChatStreamEvent } from '../../src/wire/types.js';

/** One request's reply, fed by the test. */
export interface ControlledReply {
  push(...events: ChatStreamEvent[]): void;
  /** A finish event (reason `stop` by default), then the stream's end. */
  end(reason?: string): void;
}

export interface ControlledClient extends ChatClient {
  requests: ChatRequest[];
  /** The reply of request `n` (0-based), once it was made. */
  reply(n: number): Promise<ControlledReply>;
}

const END = Symbol('end');

export function createControlledClient(): ControlledClient {
  const requests: ChatRequest[] = [];
  const replies: ControlledReply[] = [];
  const waiters = new Map<number, (reply: ControlledReply) => void>();
  return {
    requests,
    reply(n) {
      if (replies[n]) return Promise.resolve(replies[n]);
      return new Promise((resolve) => waiters.set(n, resolve));
    },
    async *stream(request, options) {
      const n = requests.length;
      requests.push(request);
      const queue: (ChatStreamEvent | typeof END)[] = [];
      let wake: (() => void) | undefined;
      const add = (item: ChatStreamEvent | typeof END) => {
        queue.push(item);
        wake?.();
      };
      const reply: ControlledReply = {
        push: (...events) => events.forEach(add),
        end: (reason = 'stop') => {
          add({ type: 'finish', reason });
          add(END);
        },
      };
      replies[n] = reply;
      waiters.get(n)?.(reply);
      const signal = options?.signal;
      signal?.addEventListener('abort', () => wake?.(), { once: true });
      for (;;) {
        if (signal?.aborted) throw new ChatError('aborted', 'aborted');
        const item = queue.shift();
        if (item === END) return;
        if (item !== undefined) {
          yield item;
          continue;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    },
    async complete() {
      throw new ChatError('provider-error', 'not scripted', { retryable: false });
    },
  };
}
