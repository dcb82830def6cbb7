// ChatRequestOptions.beforeDecode / ReadChatStreamOptions.beforeDecode: awaited after each read and
// before its decoding, so a scheduler decides when decoding happens. Nothing is decoded (no event
// comes) until it resolves; the events are the same as without it; an abort or an early exit
// while a read waits on it ends the stream as usual.
import { describe, expect, it } from 'vitest';
import { readChatCompletionStream } from '../../../src/wire/read-chat-completion-stream.js';
import { createChatClient } from '../../../src/wire/chat-client.js';
import { ChatError } from '../../../src/wire/errors.js';
import type { ChatStreamEvent } from '../../../src/wire/types.js';
import { byteStream, delta, encoder, finishChunk, sse } from '../../support/wire-fixtures.js';

const BODY = sse([delta({ content: 'Hello, ' }), delta({ content: 'world.' }), finishChunk('stop')]);

/** A hook that holds each read until `release()`; counts the reads it held. */
function gate() {
  const held: (() => void)[] = [];
  return {
    held,
    hook: () => new Promise<void>((resolve) => held.push(resolve)),
    release: () => held.shift()?.(),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 5));

describe('beforeDecode', () => {
  it('holds the decoding of each read until it resolves, and changes no event', async () => {
    const plain: ChatStreamEvent[] = [];
    for await (const e of readChatCompletionStream(byteStream(encoder.encode(BODY)))) plain.push(e);

    const g = gate();
    const half = Math.floor(BODY.length / 2);
    const seen: ChatStreamEvent[] = [];
    const reading = (async () => {
      for await (const e of readChatCompletionStream(byteStream(encoder.encode(BODY), [half]), {
        beforeDecode: g.hook,
      }))
        seen.push(e);
    })();
    await settle();
    expect(g.held).toHaveLength(1); // the first read waits
    expect(seen).toEqual([]); // and nothing of it is decoded yet
    g.release();
    await settle();
    expect(g.held).toHaveLength(1); // the second read waits in turn
    const afterFirst = seen.length;
    g.release();
    await reading;
    expect(afterFirst).toBeGreaterThan(0);
    expect(seen).toEqual(plain);
  });

  it('the chat client passes it on for each request', async () => {
    let calls = 0;
    const client = createChatClient({
      baseURL: 'http://test.invalid/v1',
      fetch: async () => new Response(BODY, { headers: { 'content-type': 'text/event-stream' } }),
    });
    const events: ChatStreamEvent[] = [];
    for await (const e of client.stream(
      { model: 'm', messages: [] },
      {
        beforeDecode: async () => {
          calls++;
        },
      },
    ))
      events.push(e);
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(events.filter((e) => e.type === 'text').map((e) => (e as { text: string }).text)).toEqual([
      'Hello, ',
      'world.',
    ]);
  });

  it('an abort while a read waits on it is an aborted ChatError, and the read is not decoded', async () => {
    const g = gate();
    const controller = new AbortController();
    const seen: ChatStreamEvent[] = [];
    const reading = (async () => {
      for await (const e of readChatCompletionStream(byteStream(encoder.encode(BODY)), {
        beforeDecode: g.hook,
        signal: controller.signal,
      }))
        seen.push(e);
    })();
    await settle();
    controller.abort();
    g.release();
    const error = await reading.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChatError);
    expect((error as ChatError).code).toBe('aborted');
    expect(seen).toEqual([]);
  });

  it('a consumer that leaves while a read waits ends the stream: the source is cancelled', async () => {
    const g = gate();
    let cancelled = false;
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return new Promise<void>(() => {});
        sent = true;
        controller.enqueue(encoder.encode(BODY.slice(0, 60)));
      },
      cancel() {
        cancelled = true;
      },
    });
    const iterator = readChatCompletionStream(stream, { beforeDecode: g.hook })[Symbol.asyncIterator]();
    const next = iterator.next();
    await settle();
    await iterator.return?.();
    g.release();
    expect(await next).toEqual({ done: true, value: undefined });
    expect(cancelled).toBe(true);
  });
});
