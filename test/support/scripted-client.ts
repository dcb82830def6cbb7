// A ChatClient that plays scripted replies, one per request, and records the requests it got.
import { ChatError } from '../../src/wire/errors.js';
import type { ChatClient, ChatRequest, ChatStreamEvent } from '../../src/wire/types.js';

export interface ScriptedReply {
  events: ChatStreamEvent[];
  /** Thrown after the events. */
  error?: ChatError;
  /** Wait for the signal before ending (a stream that hangs until cancelled). */
  hang?: boolean;
}

export interface ScriptedClient extends ChatClient {
  requests: ChatRequest[];
  /** Signals of the streams, in request order. */
  signals: AbortSignal[];
}

/** Text chunks as `text` stream events. */
export function textEvents(...chunks: string[]): ChatStreamEvent[] {
  return chunks.map((text) => ({ type: 'text', text }));
}

export function reply(text: string | string[], finish = 'stop'): ScriptedReply {
  const chunks = typeof text === 'string' ? [text] : text;
  return { events: [...textEvents(...chunks), { type: 'finish', reason: finish }] };
}

export function createScriptedClient(replies: ScriptedReply[]): ScriptedClient {
  const requests: ChatRequest[] = [];
  const signals: AbortSignal[] = [];
  return {
    requests,
    signals,
    async *stream(request, options) {
      const n = requests.length;
      requests.push(structuredClone(request));
      const signal = options?.signal ?? new AbortController().signal;
      signals.push(signal);
      const script = replies[n];
      if (script === undefined) throw new ChatError('provider-error', `no scripted reply #${n}`, { retryable: false });
      for (const event of script.events) {
        await Promise.resolve();
        if (signal.aborted) throw new ChatError('aborted', 'aborted');
        yield event;
      }
      if (script.hang) {
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        throw new ChatError('aborted', 'aborted');
      }
      if (script.error) throw script.error;
    },
    async complete() {
      throw new ChatError('provider-error', 'not scripted', { retryable: false });
    },
  };
}
