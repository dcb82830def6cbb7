// Faults and ends as the official `openai` SDK reports them: its chunk objects and the errors its
// iterator throws, fed to readChatCompletionStream, against recorded-style streams.
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { delta, encoder, finishChunk, read, sse, summarize, usageChunk } from '../../support/wire-fixtures.js';

/** The SDK's chunk iterator over a response whose body is `body` (text, or a byte stream). */
async function sdkStream(body: string | ReadableStream<Uint8Array>): Promise<AsyncIterable<object>> {
  const client = new OpenAI({
    apiKey: 'test',
    baseURL: 'http://model.test/v1',
    maxRetries: 0,
    fetch: async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
  });
  const stream = await client.chat.completions.create({
    model: 'm',
    messages: [{ role: 'user', content: 'hi' }],
    stream: true,
  });
  return stream as AsyncIterable<object>;
}

describe('openai SDK: faults and ends', () => {
  it("Groq's tool_use_failed (an error event, a 400 at heart) is a provider-error that is not retryable", async () => {
    const body = sse([
      delta({ content: 'Let me call' }),
      {
        error: {
          message: "Failed to call a function. Please adjust your prompt. See 'failed_generation' for more details.",
          type: 'invalid_request_error',
          code: 'tool_use_failed',
          failed_generation: '<function=read_file>{"path": "a.ts"}</function>',
        },
      },
    ]);
    const { events, error } = await read(await sdkStream(body));
    expect(summarize(events).text).toBe('Let me call');
    expect(error).toMatchObject({ code: 'provider-error', providerCode: 'tool_use_failed', retryable: false });
    expect(error?.providerMessage).toContain('Failed to call a function');
  });

  it('an error event whose code is a 5xx status (OpenRouter) or a transient name is retryable', async () => {
    const upstream = await read(
      await sdkStream(sse([delta({ content: 'a' }), { error: { message: 'Upstream overloaded', code: 502 } }])),
    );
    expect(upstream.error).toMatchObject({
      code: 'provider-error',
      providerMessage: 'Upstream overloaded',
      retryable: true,
    });
    const named = await read(await sdkStream(sse([{ error: { message: 'try later', type: 'server_error' } }])));
    expect(named.error).toMatchObject({ code: 'provider-error', retryable: true });
    const rateLimited = await read(await sdkStream(sse([{ error: { message: 'slow down', status_code: 429 } }])));
    expect(rateLimited.error).toMatchObject({ code: 'provider-error', retryable: true });
  });

  it('an error after finish_reason is reported, not swallowed (OpenRouter\'s "Token limit reached")', async () => {
    const body = sse([
      delta({ content: 'The answer' }),
      finishChunk('stop'),
      { error: { message: 'Token limit reached', code: 400 } },
    ]);
    const { events, error } = await read(await sdkStream(body));
    expect(summarize(events)).toMatchObject({ text: 'The answer', finish: ['stop'] });
    expect(error).toMatchObject({ code: 'provider-error', providerMessage: 'Token limit reached', retryable: false });
  });

  it('an SDK iterator that ends normally is a normal end without finish_reason (Snowflake Cortex sends only [DONE])', async () => {
    const body = sse([
      delta({ content: 'Complete ' }),
      delta({ content: 'answer.' }),
      usageChunk({ prompt_tokens: 4, completion_tokens: 2 }),
    ]);
    const fromSdk = await read(await sdkStream(body));
    expect(fromSdk.error).toBeUndefined();
    expect(summarize(fromSdk.events)).toMatchObject({ text: 'Complete answer.', finish: [] });
    expect(summarize(fromSdk.events).usage).toEqual([{ promptTokens: 4, completionTokens: 2, totalTokens: 6 }]);
    // The same bytes read directly end at [DONE]: also whole.
    expect((await read(new Response(body))).error).toBeUndefined();
  });

  it('a connection that breaks under the SDK is the fault: a retryable network error after the earlier events', async () => {
    const first = encoder.encode(sse([delta({ content: 'half' })], { done: false }));
    let sent = false;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent)
          controller.error(Object.assign(new TypeError('terminated'), { cause: new Error('other side closed') }));
        else controller.enqueue(first);
        sent = true;
      },
    });
    const { events, error } = await read(await sdkStream(broken));
    expect(summarize(events).text).toBe('half');
    expect(error).toMatchObject({ code: 'network', retryable: true });
    expect(error?.message).toContain('other side closed');
  });

  it('an SDK iterator that ends before any chunk is truncated', async () => {
    const { error } = await read(await sdkStream('data: [DONE]\n\n'));
    expect(error).toMatchObject({ code: 'truncated', retryable: true });
  });
});

describe('network errors from the real fetch', () => {
  it('a refused connection names ECONNREFUSED, not just "fetch failed"', async () => {
    const { createServer } = await import('node:net');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise((resolve) => server.close(resolve)); // nothing listens there now
    const { createChatClient } = await import('../../../src/wire/chat-client.js');
    const { collect } = await import('../../support/wire-fixtures.js');
    const { error } = await collect(
      createChatClient({ baseURL: `http://127.0.0.1:${port}/v1` }).stream({ model: 'm', messages: [] }),
    );
    expect(error).toMatchObject({ code: 'network', retryable: true });
    expect(error?.message).toContain('ECONNREFUSED');
  });
});

describe('timeouts against a real server', () => {
  it("a server that sends headers and then nothing is a 'timeout', and the connection is closed", async () => {
    const { createServer } = await import('node:http');
    let closed = false;
    const server = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.flushHeaders();
      response.on('close', () => (closed = true));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const { createChatClient } = await import('../../../src/wire/chat-client.js');
      const { collect } = await import('../../support/wire-fixtures.js');
      const client = createChatClient({ baseURL: `http://127.0.0.1:${port}/v1`, firstByteTimeoutMs: 200 });
      const { error } = await collect(client.stream({ model: 'm', messages: [] }));
      expect(error).toMatchObject({ code: 'timeout', retryable: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(closed).toBe(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
