// A ChatClient that plays scripted replies (text or native tool calls) either at pace 0 (each
// reply's pieces as given, no timers) or at a real pace with random chunk boundaries: every text
// and every argument delta cut at seeded random positions, a timer of 1-4 ms between pieces.
import { ChatError } from '../../src/wire/errors.js';
import type { ChatClient, ChatRequest, ChatStreamEvent } from '../../src/wire/types.js';

/** One scripted reply: text, native calls (name + arguments JSON), and its finish reason. */
export interface PacedReply {
  text?: string;
  reasoning?: string;
  calls?: { name: string; arguments: string }[];
  finish?: string;
}

/** How the replies stream: `pace: 0` as whole pieces, or a real pace with random cuts (seeded). */
export interface Pacing {
  pace: 0 | 'real';
  seed?: number;
}

export interface PacedClient extends ChatClient {
  requests: ChatRequest[];
}

/** The two pacings every streaming test runs at. */
export const PACINGS: readonly Pacing[] = [{ pace: 0 }, { pace: 'real', seed: 7 }];

function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function cut(text: string, rand: () => number): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const n = 1 + Math.floor(rand() * 7);
    out.push(text.slice(i, i + n));
    i += n;
  }
  return out;
}

function eventsOf(reply: PacedReply, pacing: Pacing, rand: () => number): ChatStreamEvent[] {
  const pieces = (s: string) => (pacing.pace === 0 ? [s] : cut(s, rand));
  const events: ChatStreamEvent[] = [];
  if (reply.reasoning) for (const p of pieces(reply.reasoning)) events.push({ type: 'reasoning', text: p });
  if (reply.text) for (const p of pieces(reply.text)) events.push({ type: 'text', text: p });
  (reply.calls ?? []).forEach((call, index) => {
    pieces(call.arguments).forEach((delta, i) =>
      events.push({
        type: 'tool-call',
        index,
        ...(i === 0 ? { id: `call_${index}`, name: call.name } : {}),
        argumentsDelta: delta,
      }),
    );
  });
  events.push({ type: 'finish', reason: reply.finish ?? (reply.calls?.length ? 'tool_calls' : 'stop') });
  return events;
}

/** Plays `replies` one per request at the given pacing, recording each request. */
export function createPacedClient(replies: readonly PacedReply[], pacing: Pacing): PacedClient {
  const requests: ChatRequest[] = [];
  const rand = random(pacing.seed ?? 1);
  return {
    requests,
    async *stream(request, options) {
      const n = requests.length;
      requests.push(structuredClone(request));
      const reply = replies[n];
      if (reply === undefined) throw new ChatError('provider-error', `no scripted reply #${n}`, { retryable: false });
      for (const event of eventsOf(reply, pacing, rand)) {
        if (pacing.pace === 0) await Promise.resolve();
        else await new Promise((r) => setTimeout(r, 1 + Math.floor(rand() * 4)));
        if (options?.signal?.aborted) throw new ChatError('aborted', 'aborted');
        yield event;
      }
    },
    async complete() {
      throw new ChatError('provider-error', 'not scripted', { retryable: false });
    },
  };
}
