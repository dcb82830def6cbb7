// Helpers for wire tests: SSE text from chunk objects, byte sources, collecting events and faults.
import { readChatCompletionStream, type ChatStreamSource } from '../../src/wire/read-chat-completion-stream.js';
import { ChatError } from '../../src/wire/errors.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';

/** `data: <json>\n\n` for each chunk, then `data: [DONE]\n\n` unless `done: false`. */
export function sse(chunks: unknown[], options: { done?: boolean } = {}): string {
  const body = chunks.map((c) => `data: ${typeof c === 'string' ? c : JSON.stringify(c)}\n\n`).join('');
  return options.done === false ? body : `${body}data: [DONE]\n\n`;
}

export function delta(d: Record<string, unknown>, finish: string | null = null): unknown {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: d, finish_reason: finish }],
  };
}

export function finishChunk(reason = 'stop'): unknown {
  return { choices: [{ index: 0, delta: {}, finish_reason: reason }] };
}

export function usageChunk(usage: Record<string, unknown>): unknown {
  return { choices: [], usage };
}

export const encoder = new TextEncoder();

/** A byte stream that delivers `bytes` in pieces cut at `cuts` (sorted offsets). */
export function byteStream(bytes: Uint8Array, cuts: number[] = []): ReadableStream<Uint8Array> {
  const points = [0, ...cuts.filter((c) => c > 0 && c < bytes.length), bytes.length];
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i + 1 >= points.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(points[i], points[i + 1]));
      i++;
    },
  });
}

export async function* asyncItems<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

export interface Outcome {
  events: ChatStreamEvent[];
  error: ChatError | undefined;
}

/** Reads a whole stream; the fault (if any) is returned, not thrown. */
export async function collect(source: AsyncIterable<ChatStreamEvent>): Promise<Outcome> {
  const events: ChatStreamEvent[] = [];
  try {
    for await (const event of source) events.push(event);
  } catch (error) {
    if (!(error instanceof ChatError)) throw error;
    return { events, error };
  }
  return { events, error: undefined };
}

export function read(source: ChatStreamSource, signal?: AbortSignal): Promise<Outcome> {
  return collect(readChatCompletionStream(source, { signal }));
}

/** The meaning of an event list, independent of how deltas were split. */
export function summarize(events: ChatStreamEvent[]) {
  let reasoning = '';
  let text = '';
  const tools: Record<number, { id?: string; name?: string; args: string }> = {};
  const usage: unknown[] = [];
  const finish: string[] = [];
  for (const e of events) {
    if (e.type === 'reasoning') reasoning += e.text;
    else if (e.type === 'text') text += e.text;
    else if (e.type === 'tool-call') {
      const t = (tools[e.index] ??= { args: '' });
      if (e.id !== undefined) t.id = e.id;
      if (e.name !== undefined) t.name = e.name;
      t.args += e.argumentsDelta;
    } else if (e.type === 'usage') usage.push(e.usage);
    else if (e.type === 'finish') finish.push(e.reason);
  }
  return { reasoning, text, tools, usage, finish };
}
