// Shared by the scripted-model tests: requests and SSE text parsing.
import type { FetchLike } from '../../src/wire/types.js';
import type { ChatMessage } from '../../src/wire/types.js';

export const URL_CHAT = 'http://scripted.local/v1/chat/completions';

export function post(fetchFn: FetchLike, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetchFn(URL_CHAT, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

export function streamBody(model: string, messages: ChatMessage[], extra: Record<string, unknown> = {}) {
  return { model, messages, stream: true, stream_options: { include_usage: true }, ...extra };
}

/** The data payloads of an SSE text (comments dropped), in order. */
export function dataLines(sse: string): string[] {
  return sse
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice('data: '.length));
}

export interface ChunkJson {
  choices: Array<{ delta: Record<string, unknown>; finish_reason: string | null }>;
  usage?: { completion_tokens: number; completion_tokens_details: { reasoning_tokens: number } } | null;
}

export function chunks(sse: string): ChunkJson[] {
  return dataLines(sse)
    .filter((d) => d !== '[DONE]')
    .map((d) => JSON.parse(d) as ChunkJson);
}

export function deltas(sse: string): Array<Record<string, unknown>> {
  return chunks(sse).flatMap((c) => c.choices.map((ch) => ch.delta));
}

export function joined(sse: string, key: string): string {
  return deltas(sse)
    .map((d) => (typeof d[key] === 'string' ? (d[key] as string) : ''))
    .join('');
}
