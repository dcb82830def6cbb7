import { describe, expect, it } from 'vitest';
import { ChatError } from '../../../src/wire/errors.js';
import { readChatCompletionStream } from '../../../src/wire/read-chat-completion-stream.js';
import { asyncItems, collect, delta, encoder, finishChunk, read, sse, summarize } from '../../support/wire-fixtures.js';

describe('typed errors, after every earlier event', () => {
  it("HTTP status >= 400 is 'http' with the body's error.message", async () => {
    const response = new Response(
      JSON.stringify({ error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }),
      {
        status: 429,
        statusText: 'Too Many Requests',
        headers: { 'content-type': 'application/json', 'retry-after': '2' },
      },
    );
    const { events, error } = await read(response);
    expect(events).toEqual([]);
    expect(error).toMatchObject({
      code: 'http',
      status: 429,
      retryable: true,
      providerMessage: 'Rate limit reached',
      providerCode: 'rate_limit_exceeded',
      retryAfterMs: 2000,
    });
    expect(error?.message).toContain('429');
  });

  it('Retry-After as an HTTP date, and retry-after-ms, become retryAfterMs', async () => {
    const inOneMinute = new Date(Date.now() + 60_000).toUTCString();
    const dated = await read(new Response('{}', { status: 503, headers: { 'retry-after': inOneMinute } }));
    expect(dated.error?.retryAfterMs).toBeGreaterThan(55_000);
    expect(dated.error?.retryAfterMs).toBeLessThanOrEqual(60_000);
    const precise = await read(
      new Response('{}', { status: 429, headers: { 'retry-after-ms': '1500', 'retry-after': '2' } }),
    );
    expect(precise.error?.retryAfterMs).toBe(1500);
    const none = await read(new Response('{}', { status: 429, headers: { 'retry-after': 'soon' } }));
    expect(none.error?.retryAfterMs).toBeUndefined();
  });

  it('an HTTP 400 is not retryable; a non-JSON body becomes the provider message', async () => {
    const { error } = await read(new Response('<html>Bad Gateway</html>', { status: 502 }));
    expect(error).toMatchObject({
      code: 'http',
      status: 502,
      retryable: true,
      providerMessage: '<html>Bad Gateway</html>',
    });
    const bad = await read(new Response(JSON.stringify({ error: { message: 'unknown model' } }), { status: 400 }));
    expect(bad.error).toMatchObject({ code: 'http', status: 400, retryable: false, providerMessage: 'unknown model' });
  });

  it("an error object inside a data chunk is 'provider-error', after the earlier events", async () => {
    const body = sse([
      delta({ content: 'Hel' }),
      delta({ content: 'lo' }),
      { error: { message: 'Upstream overloaded', code: 502 } },
    ]);
    const { events, error } = await read(new Response(body));
    expect(summarize(events).text).toBe('Hello');
    expect(error).toMatchObject({
      code: 'provider-error',
      providerMessage: 'Upstream overloaded',
      providerCode: '502',
      retryable: true,
    });
  });

  it('the deltas of the chunk that carries the error are delivered before it', async () => {
    const last = { ...(delta({ content: ' world' }) as object), error: { message: 'cut', type: 'server_error' } };
    const inChoice = { choices: [{ index: 0, delta: { content: '!' }, error: { message: 'cut too' } }] };
    for (const [chunk, text] of [
      [last, 'Hello world'],
      [inChoice, 'Hello!'],
    ] as const) {
      const { events, error } = await read(new Response(sse([delta({ content: 'Hello' }), chunk])));
      expect(summarize(events).text).toBe(text);
      expect(error).toMatchObject({ code: 'provider-error' });
    }
  });

  it("an `event: error` SSE event and a bare JSON error line are 'provider-error'", async () => {
    const evented = `data: ${JSON.stringify(delta({ content: 'a' }))}\n\nevent: error\ndata: {"error":{"message":"boom","type":"server_error"}}\n\n`;
    const one = await read(new Response(evented));
    expect(one.events).toEqual([{ type: 'text', text: 'a' }]);
    expect(one.error).toMatchObject({ code: 'provider-error', providerMessage: 'boom', providerCode: 'server_error' });
    const bare = `data: ${JSON.stringify(delta({ content: 'a' }))}\n\n{"error":{"message":"quota"}}\n\n`;
    const two = await read(new Response(bare));
    expect(two.events).toEqual([{ type: 'text', text: 'a' }]);
    expect(two.error).toMatchObject({ code: 'provider-error', providerMessage: 'quota' });
  });

  it("a bare JSON line without an error is 'malformed-chunk' showing the line, after the earlier events", async () => {
    for (const line of ['{"choices":[]}', '  {"message":"quota"}', '{"error":', '{not json']) {
      const body =
        `data: ${JSON.stringify(delta({ content: 'a' }))}\n\n${line}\n\n` + sse([delta({ content: 'never' })]);
      const { events, error } = await read(new Response(body));
      expect(events, line).toEqual([{ type: 'text', text: 'a' }]);
      expect(error?.code, line).toBe('malformed-chunk');
      expect(error?.message).toBe(`a JSON line without "data:" after chunk 1: ${JSON.stringify(line)}`);
    }
  });

  it('other lines a server adds are ignored, and named when no data came at all', async () => {
    const ignored = await read(
      new Response(`hello: there\n\ndata: ${JSON.stringify(delta({ content: 'a' }, 'stop'))}\n\n`),
    );
    expect(ignored).toEqual({
      events: [
        { type: 'text', text: 'a' },
        { type: 'finish', reason: 'stop' },
      ],
      error: undefined,
    });
    const nothing = await read(new Response('hello: there\nsecond: line\n\n'));
    expect(nothing.error?.code).toBe('truncated');
    expect(nothing.error?.message).toBe('the stream ended without any data event; it began with "hello: there"');
  });

  it("an `event: error` with plain text data is 'provider-error' carrying that text", async () => {
    const { error } = await read(new Response('event: error\ndata: upstream timed out\n\n'));
    expect(error).toMatchObject({ code: 'provider-error', providerMessage: 'upstream timed out' });
  });

  it("a choice-level error (finish_reason 'error' gateways) is 'provider-error'", async () => {
    const { error } = await read(
      new Response(
        sse([{ choices: [{ index: 0, delta: {}, error: { message: 'model crashed' }, finish_reason: 'error' }] }]),
      ),
    );
    expect(error).toMatchObject({ code: 'provider-error', providerMessage: 'model crashed' });
  });

  it("a data line that is not JSON is 'malformed-chunk' naming the chunk, after the earlier events", async () => {
    const body =
      `data: ${JSON.stringify(delta({ content: 'ok' }))}\n\ndata: {"choices": [oops\n\n` +
      sse([delta({ content: 'never' })]);
    const { events, error } = await read(new Response(body));
    expect(events).toEqual([{ type: 'text', text: 'ok' }]);
    expect(error?.code).toBe('malformed-chunk');
    expect(error?.message).toContain('chunk 2');
    expect(error?.message).toContain('oops');
    expect(error?.retryable).toBe(false);
  });

  it("chunks of the wrong shape are 'malformed-chunk' saying which field", async () => {
    const cases: [unknown, string][] = [
      [42, 'not a JSON object'],
      [{ choices: {} }, '"choices" is not an array'],
      [delta({ content: 5 }), '"content"'],
      [delta({ reasoning_content: { a: 1 } }), '"reasoning_content" is not a string'],
      [delta({ tool_calls: [{ index: -1 }] }), 'tool_calls[0].index'],
      [{ choices: [{ index: 0, delta: {}, finish_reason: 3 }] }, 'finish_reason'],
      [{ choices: [], usage: 'lots' }, '"usage" is not an object'],
    ];
    for (const [chunk, what] of cases) {
      const { error } = await read(new Response(sse([chunk])));
      expect(error?.code, JSON.stringify(chunk)).toBe('malformed-chunk');
      expect(error?.message).toContain(what);
    }
  });

  it("no finish_reason and no [DONE] at the end is 'truncated', after the events", async () => {
    const { events, error } = await read(
      new Response(sse([delta({ content: 'Hello' }), delta({ content: ' wor' })], { done: false })),
    );
    expect(summarize(events).text).toBe('Hello wor');
    expect(error).toMatchObject({ code: 'truncated', retryable: true });
    expect(error?.message).toContain('2 chunks');
  });

  it("bytes cut inside a data line are 'truncated', not malformed", async () => {
    const full = sse([delta({ content: 'Hello' }), delta({ content: 'world' }, 'stop')]);
    const cut = full.slice(0, full.indexOf('world') + 2);
    const { events, error } = await read(new Response(cut));
    expect(events).toEqual([{ type: 'text', text: 'Hello' }]);
    expect(error?.code).toBe('truncated');
  });

  it("an empty body and a non-SSE body are 'truncated' and say what came", async () => {
    expect((await read(new Response(''))).error?.code).toBe('truncated');
    const html = await read(new Response('<html>\n<body>gateway says hi</body>\n'));
    expect(html.error?.code).toBe('truncated');
    expect(html.error?.message).toContain('<html>');
  });

  it("aborting cancels the pending read and throws 'aborted'", async () => {
    let cancelled: unknown = 'not cancelled';
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(encoder.encode(sse([delta({ content: 'first' })], { done: false })));
        }
        // Then never sends again: only cancel can end the pending read.
        return new Promise(() => {});
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const controller = new AbortController();
    const events: unknown[] = [];
    let caught: unknown;
    try {
      for await (const event of readChatCompletionStream(stream, { signal: controller.signal })) {
        events.push(event);
        controller.abort(new Error('user pressed stop'));
      }
    } catch (error) {
      caught = error;
    }
    expect(events).toEqual([{ type: 'text', text: 'first' }]);
    expect(caught).toBeInstanceOf(ChatError);
    expect(caught).toMatchObject({ code: 'aborted', retryable: false });
    expect(cancelled).not.toBe('not cancelled');
  });

  it('aborting while a read is pending ends it at once', async () => {
    let cancelCalls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull: () => new Promise(() => {}),
      cancel: () => {
        cancelCalls++;
      },
    });
    const controller = new AbortController();
    const outcome = read(stream, controller.signal);
    await Promise.resolve();
    controller.abort();
    const { error } = await outcome;
    expect(error?.code).toBe('aborted');
    expect(cancelCalls).toBe(1);
  });

  it("an already aborted signal throws 'aborted' before reading", async () => {
    const controller = new AbortController();
    controller.abort();
    const { error, events } = await read(
      new Response(sse([delta({ content: 'x' }), finishChunk()])),
      controller.signal,
    );
    expect(events).toEqual([]);
    expect(error?.code).toBe('aborted');
  });

  it("aborting an async iterable source returns its iterator and throws 'aborted'", async () => {
    let returned = false;
    const source: AsyncIterable<string> = {
      [Symbol.asyncIterator]() {
        let first = true;
        return {
          next: () => {
            if (first) {
              first = false;
              return Promise.resolve({ done: false, value: sse([delta({ content: 'x' })], { done: false }) });
            }
            return new Promise<IteratorResult<string>>(() => {});
          },
          return: () => {
            returned = true;
            return Promise.resolve({ done: true, value: undefined });
          },
        };
      },
    };
    const controller = new AbortController();
    const events: unknown[] = [];
    const outcome = collect(
      (async function* () {
        for await (const e of readChatCompletionStream(source, { signal: controller.signal })) {
          events.push(e);
          setTimeout(() => controller.abort(), 0);
          yield e;
        }
      })(),
    );
    const { error } = await outcome;
    expect(events).toEqual([{ type: 'text', text: 'x' }]);
    expect(error?.code).toBe('aborted');
    expect(returned).toBe(true);
  });

  it("a failing byte stream is 'network', after the earlier events", async () => {
    let step = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (step++ === 0) controller.enqueue(encoder.encode(sse([delta({ content: 'partial' })], { done: false })));
        else controller.error(new TypeError('terminated'));
      },
    });
    const { events, error } = await read(stream);
    expect(events).toEqual([{ type: 'text', text: 'partial' }]);
    expect(error).toMatchObject({ code: 'network', retryable: true });
    expect(error?.message).toContain('terminated');
  });

  it('a connection dropped after finish_reason is a normal end: the answer is whole', async () => {
    let step = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (step++ === 0)
          controller.enqueue(encoder.encode(sse([delta({ content: 'all' }), finishChunk('stop')], { done: false })));
        else controller.error(new TypeError('terminated'));
      },
    });
    const { events, error } = await read(stream);
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'text', text: 'all' },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('a trailing chunk cut off after finish_reason does not make a whole answer truncated', async () => {
    // finish_reason came, then the connection dropped (or the bytes ended) inside the usage chunk.
    const whole = sse([delta({ content: 'all' }), finishChunk('stop')], { done: false });
    const cutUsage = 'data: {"choices":[],"usage":{"prompt_tok';
    const expected = [
      { type: 'text', text: 'all' },
      { type: 'finish', reason: 'stop' },
    ];
    const ended = await read(new Response(whole + cutUsage));
    expect(ended.error).toBeUndefined();
    expect(ended.events).toEqual(expected);
    let step = 0;
    const dropped = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (step++ === 0) controller.enqueue(encoder.encode(whole + cutUsage));
        else controller.error(new TypeError('terminated'));
      },
    });
    const afterDrop = await read(dropped);
    expect(afterDrop.error).toBeUndefined();
    expect(afterDrop.events).toEqual(expected);
  });

  it('aborting or leaving before the first read still cancels a byte stream or a Response body', async () => {
    const cancelled: string[] = [];
    const stream = (name: string) =>
      new ReadableStream<Uint8Array>({
        pull: () => new Promise(() => {}),
        cancel: () => void cancelled.push(name),
      });
    const controller = new AbortController();
    controller.abort();
    expect((await read(stream('stream, aborted'), controller.signal)).error?.code).toBe('aborted');
    const response = new Response(stream('response, aborted'), { headers: { 'content-type': 'text/event-stream' } });
    expect((await read(response, controller.signal)).error?.code).toBe('aborted');
    // The consumer gives up before asking for anything (return() without next()).
    await readChatCompletionStream(stream('stream, left'))[Symbol.asyncIterator]().return?.();
    await Promise.resolve();
    expect(cancelled).toEqual(['stream, aborted', 'response, aborted', 'stream, left']);
  });

  it("an SDK-style error with a status thrown by an iterable source is 'http'", async () => {
    async function* source() {
      yield delta({ content: 'a' }) as object;
      throw Object.assign(new Error('500 internal'), {
        status: 500,
        error: { message: 'internal', code: 'server_error' },
      });
    }
    const { events, error } = await read(source());
    expect(events).toEqual([{ type: 'text', text: 'a' }]);
    expect(error).toMatchObject({ code: 'http', status: 500, providerMessage: 'internal', retryable: true });
  });

  it("chunk objects whose iterator ends normally are a whole answer even without finish_reason; none at all is 'truncated'", async () => {
    const { events, error } = await read(asyncItems([delta({ content: 'a' }) as object]));
    expect(error).toBeUndefined();
    expect(events).toEqual([{ type: 'text', text: 'a' }]);
    expect((await read(asyncItems<object>([]))).error?.code).toBe('truncated');
  });

  it("an SDK-style error event (no status, an `.error` body) thrown by an iterable is 'provider-error', retryable by its code", async () => {
    for (const [body, retryable] of [
      [{ message: 'Failed to call a function', type: 'invalid_request_error', code: 'tool_use_failed' }, false],
      [{ message: 'overloaded', code: 503 }, true],
      ['plain text error', false],
    ] as const) {
      async function* source() {
        yield delta({ content: 'a' }) as object;
        yield finishChunk() as object;
        throw Object.assign(new Error('sdk'), { status: undefined, error: body });
      }
      const { events, error } = await read(source());
      expect(events).toEqual([
        { type: 'text', text: 'a' },
        { type: 'finish', reason: 'stop' },
      ]);
      expect(error).toMatchObject({ code: 'provider-error', retryable });
    }
  });

  it('an SDK-style HTTP error keeps the wait its headers ask for', async () => {
    // biome-ignore lint/correctness/useYield: a source that fails before its first chunk
    async function* source(): AsyncGenerator<object> {
      throw Object.assign(new Error('429'), {
        status: 429,
        error: { message: 'slow down' },
        headers: new Headers({ 'retry-after': '30' }),
      });
    }
    expect((await read(source())).error).toMatchObject({
      code: 'http',
      status: 429,
      retryAfterMs: 30_000,
      retryable: true,
    });
  });
});
