// Timeouts (first byte, idle) and the size caps (reply, SSE event, non-streamed and error bodies):
// typed errors that keep what arrived, and sources that are cancelled.
import { describe, expect, it } from 'vitest';
import { createChatClient } from '../../../src/wire/chat-client.js';
import { readChatCompletionStream } from '../../../src/wire/read-chat-completion-stream.js';
import { collect, delta, encoder, finishChunk, read, sse, summarize } from '../../support/wire-fixtures.js';

const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `first` (SSE text pieces), then nothing ever again; records whether it was cancelled. */
function stalling(first: string[]): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let i = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < first.length) controller.enqueue(encoder.encode(first[i++]));
      else return new Promise(() => {});
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

/** An endless stream of SSE chunks, each with `piece` as content (or one endless line if `line`). */
function endless(
  piece: string,
  options: { line?: boolean } = {},
): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let cancelled = false;
  const block = encoder.encode(
    options.line
      ? piece.repeat(64)
      : sse(
          Array.from({ length: 64 }, () => delta({ content: piece })),
          { done: false },
        ),
  );
  let first = true;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (first && options.line)
        controller.enqueue(encoder.encode('data: {"choices":[{"index":0,"delta":{"content":"'));
      first = false;
      controller.enqueue(block);
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

describe('timeouts', () => {
  it("no first byte within firstByteTimeoutMs is a retryable 'timeout'; the source is cancelled", async () => {
    const { stream, cancelled } = stalling([]);
    const { events, error } = await collect(readChatCompletionStream(stream, { firstByteTimeoutMs: 50 }));
    expect(events).toEqual([]);
    expect(error).toMatchObject({ code: 'timeout', retryable: true });
    expect(error?.message).toContain('first-byte timeout');
    expect(cancelled()).toBe(true);
  });

  it("silence after the reply began is an idle 'timeout' after the events that came", async () => {
    const { stream, cancelled } = stalling([
      sse([delta({ content: 'Hel' }), delta({ content: 'lo' })], { done: false }),
    ]);
    const { events, error } = await collect(
      readChatCompletionStream(stream, { firstByteTimeoutMs: 10_000, idleTimeoutMs: 50 }),
    );
    expect(summarize(events).text).toBe('Hello');
    expect(error).toMatchObject({ code: 'timeout', retryable: true });
    expect(error?.message).toContain('idle timeout');
    expect(error?.message).toContain('2 chunks');
    expect(cancelled()).toBe(true);
  });

  it('keep-alive comments are bytes: a slow but living stream does not time out', async () => {
    // 12 keep-alives 30 ms apart: 360 ms before the first data, more than either limit.
    const pieces = [
      ...Array.from({ length: 12 }, () => ': OPENROUTER PROCESSING\n\n'),
      sse([delta({ content: 'late' }), finishChunk()]),
    ];
    let i = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await sleep(30);
        if (i < pieces.length) controller.enqueue(encoder.encode(pieces[i++]));
        else controller.close();
      },
    });
    const { events, error } = await collect(
      readChatCompletionStream(stream, { firstByteTimeoutMs: 250, idleTimeoutMs: 250 }),
    );
    expect(error).toBeUndefined();
    expect(summarize(events).text).toBe('late');
  });

  it('time the consumer spends away from the stream does not count', async () => {
    const body = sse([delta({ content: 'a' }), delta({ content: 'b' }), finishChunk()]);
    const chunks = body
      .split('\n\n')
      .filter((c) => c !== '')
      .map((c) => `${c}\n\n`);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(encoder.encode(next));
      },
    });
    const events: unknown[] = [];
    for await (const event of readChatCompletionStream(stream, { firstByteTimeoutMs: 40, idleTimeoutMs: 40 })) {
      events.push(event);
      await sleep(80); // the consumer is busy (a tool runs): not the server's silence
    }
    expect(events).toHaveLength(3);
  });

  it('silence after finish_reason ends the stream normally: the answer is whole', async () => {
    const { stream } = stalling([sse([delta({ content: 'done' }), finishChunk()], { done: false })]);
    const { events, error } = await collect(readChatCompletionStream(stream, { idleTimeoutMs: 40 }));
    expect(error).toBeUndefined();
    expect(summarize(events)).toMatchObject({ text: 'done', finish: ['stop'] });
  });

  it('an async iterable that stalls (an SDK stream) times out too, and is returned', async () => {
    let returned = false;
    const source: AsyncIterable<object> = {
      [Symbol.asyncIterator]: () => ({
        next: () => new Promise<IteratorResult<object>>(() => {}),
        return: async () => {
          returned = true;
          return { done: true, value: undefined };
        },
      }),
    };
    const { error } = await collect(readChatCompletionStream(source, { firstByteTimeoutMs: 30 }));
    expect(error).toMatchObject({ code: 'timeout' });
    expect(returned).toBe(true);
  });

  it("the client: a server that never answers is a 'timeout' and the fetch is aborted; per-request limits win", async () => {
    let passed: AbortSignal | undefined;
    const client = createChatClient({
      baseURL: 'http://x',
      firstByteTimeoutMs: 10_000,
      fetch: (_url, init) => {
        passed = init?.signal ?? undefined;
        return new Promise<Response>(() => {});
      },
    });
    const started = Date.now();
    const { error } = await collect(client.stream(request, { firstByteTimeoutMs: 40 }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toMatchObject({ code: 'timeout', retryable: true });
    expect(passed?.aborted).toBe(true);
    await expect(client.complete(request, { firstByteTimeoutMs: 40 })).rejects.toMatchObject({
      code: 'timeout',
      retryable: true,
    });
  });

  it('the client: headers and then nothing times out waiting for the first byte of the body', async () => {
    const { stream } = stalling([]);
    const client = createChatClient({
      baseURL: 'http://x',
      firstByteTimeoutMs: 40,
      fetch: async () => new Response(stream, { headers: { 'content-type': 'text/event-stream' } }),
    });
    expect((await collect(client.stream(request))).error).toMatchObject({ code: 'timeout' });
  });

  it('refuses limits that are not positive numbers, naming the option', () => {
    expect(() => createChatClient({ baseURL: 'http://x', idleTimeoutMs: 0 })).toThrow(/idleTimeoutMs/);
    expect(() => createChatClient({ baseURL: 'http://x', maxReplyChars: Number.NaN })).toThrow(/maxReplyChars/);
    expect(() => readChatCompletionStream(new Response(''), { firstByteTimeoutMs: -1 })).toThrow(/firstByteTimeoutMs/);
    expect(() =>
      createChatClient({ baseURL: 'http://x' }).stream(request, { idleTimeoutMs: '5' as unknown as number }),
    ).toThrow(expect.objectContaining({ code: 'invalid-options', option: 'idleTimeoutMs' }));
    expect(() => readChatCompletionStream(new Response(''), { idleTimeoutMs: Infinity })).not.toThrow();
  });
});

describe('bounded memory', () => {
  it("an endless stream ends with a non-retryable 'too-large' that keeps what arrived, and is cancelled", async () => {
    const { stream, cancelled } = endless('0123456789');
    const { events, error } = await collect(readChatCompletionStream(stream, { maxReplyChars: 100_000 }));
    expect(error).toMatchObject({ code: 'too-large', retryable: false });
    expect(error?.message).toContain('maxReplyChars');
    const text = summarize(events).text;
    expect(text.length).toBeGreaterThan(100_000);
    expect(text.length).toBeLessThan(100_000 + 64 * 10 + 1);
    expect(text.startsWith('0123456789'.repeat(10))).toBe(true);
    expect(cancelled()).toBe(true);
  });

  it('reasoning and tool arguments count toward the cap too', async () => {
    const chunks = [
      delta({ reasoning_content: 'r'.repeat(60) }),
      delta({ tool_calls: [{ index: 0, id: 'c', function: { name: 'f', arguments: 'a'.repeat(60) } }] }),
      finishChunk(),
    ];
    expect(
      (await collect(readChatCompletionStream(new Response(sse(chunks)), { maxReplyChars: 100 }))).error?.code,
    ).toBe('too-large');
    expect(
      (await collect(readChatCompletionStream(new Response(sse(chunks)), { maxReplyChars: 120 }))).error,
    ).toBeUndefined();
  });

  it("one endless SSE line is 'too-large' without buffering it all", async () => {
    const { stream, cancelled } = endless('x'.repeat(1024), { line: true });
    const { error } = await collect(readChatCompletionStream(stream, { maxReplyChars: 10_000 }));
    expect(error).toMatchObject({ code: 'too-large', retryable: false });
    expect(cancelled()).toBe(true);
  });

  it("an endless non-streamed JSON body is 'too-large', from the stream reader and from complete()", async () => {
    const jsonBody = () => {
      let first = true;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(
            encoder.encode(first ? '{"choices":[{"index":0,"message":{"content":"' : 'y'.repeat(4096)),
          );
          first = false;
        },
      });
    };
    const json = { 'content-type': 'application/json' };
    const { error } = await collect(
      readChatCompletionStream(new Response(jsonBody(), { headers: json }), { maxReplyChars: 1_000 }),
    );
    expect(error).toMatchObject({ code: 'too-large', retryable: false });
    const client = createChatClient({
      baseURL: 'http://x',
      maxReplyChars: 1_000,
      fetch: async () => new Response(jsonBody(), { headers: json }),
    });
    await expect(client.complete(request)).rejects.toMatchObject({ code: 'too-large', retryable: false });
  });

  it('an endless error body is read only up to 64 KiB', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 4096;
        controller.enqueue(encoder.encode('<p>'.repeat(1365) + '!'));
      },
    });
    const { error } = await read(new Response(body, { status: 500 }));
    expect(error).toMatchObject({ code: 'http', status: 500, retryable: true });
    expect(error!.providerMessage!.length).toBeLessThanOrEqual(2000);
    expect(sent).toBeLessThan(200 * 1024);
  });
});
