import { describe, expect, it } from 'vitest';
import { createChatClient } from '../../../src/wire/chat-client.js';
import type { FetchLike } from '../../../src/wire/types.js';
import { ChatError } from '../../../src/wire/errors.js';
import { collect, delta, finishChunk, sse, summarize, usageChunk } from '../../support/wire-fixtures.js';

interface Seen {
  url: string;
  init: RequestInit;
  body: Record<string, unknown>;
}

function fakeFetch(respond: (seen: Seen) => Response | Promise<Response>): { fetch: FetchLike; calls: Seen[] } {
  const calls: Seen[] = [];
  return {
    calls,
    fetch: async (url, init) => {
      const seen = {
        url: String(url),
        init: init ?? {},
        body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      };
      calls.push(seen);
      return respond(seen);
    },
  };
}

const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };

describe('chat client', () => {
  it('stream POSTs to baseURL/chat/completions with stream and include_usage, and reads the events', async () => {
    const { fetch, calls } = fakeFetch(
      () =>
        new Response(
          sse([delta({ content: 'yo' }), finishChunk(), usageChunk({ prompt_tokens: 1, completion_tokens: 1 })]),
        ),
    );
    const client = createChatClient({
      baseURL: 'http://model.test/v1/',
      apiKey: 'k',
      fetch,
      headers: { 'x-extra': '1' },
    });
    const { events, error } = await collect(client.stream({ ...request, stream_options: { include_usage: false } }));
    expect(error).toBeUndefined();
    expect(summarize(events)).toMatchObject({ text: 'yo', finish: ['stop'] });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('http://model.test/v1/chat/completions');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.headers).toMatchObject({
      authorization: 'Bearer k',
      'content-type': 'application/json',
      'x-extra': '1',
    });
    expect(calls[0].body).toMatchObject({
      model: 'm',
      stream: true,
      stream_options: { include_usage: true },
      messages: request.messages,
    });
  });

  it("an error body in a one-element array (Gemini's compatible endpoint) still gives the provider's message", async () => {
    // The body shape as quoted in manthanabc/paws#103.
    const body = [
      {
        error: {
          code: 400,
          message: 'Function call is missing a thought_signature in functionCall parts.',
          status: 'INVALID_ARGUMENT',
        },
      },
    ];
    const { fetch } = fakeFetch(() => new Response(JSON.stringify(body), { status: 400 }));
    const { error } = await collect(createChatClient({ baseURL: 'http://x', fetch }).stream(request));
    expect(error).toMatchObject({
      code: 'http',
      status: 400,
      providerMessage: 'Function call is missing a thought_signature in functionCall parts.',
      retryable: false,
    });
  });

  it('stream does nothing until iterated', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(''));
    const client = createChatClient({ baseURL: 'http://x', fetch });
    client.stream(request);
    expect(calls).toHaveLength(0);
  });

  it("an HTTP error is 'http' with the provider message, for stream and complete", async () => {
    const { fetch } = fakeFetch(
      () => new Response(JSON.stringify({ error: { message: 'overloaded' } }), { status: 503 }),
    );
    const client = createChatClient({ baseURL: 'http://x', fetch });
    const { error } = await collect(client.stream(request));
    expect(error).toMatchObject({ code: 'http', status: 503, providerMessage: 'overloaded', retryable: true });
    await expect(client.complete(request)).rejects.toMatchObject({ code: 'http', status: 503 });
  });

  it("a rejecting fetch is 'network'; an aborted one is 'aborted'", async () => {
    const client = createChatClient({
      baseURL: 'http://x',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const { error } = await collect(client.stream(request));
    expect(error).toBeInstanceOf(ChatError);
    expect(error).toMatchObject({ code: 'network', retryable: true });
    expect(error?.message).toContain('fetch failed');

    const hanging = createChatClient({ baseURL: 'http://x', fetch: () => new Promise<Response>(() => {}) });
    const controller = new AbortController();
    const pending = collect(hanging.stream(request, { signal: controller.signal }));
    controller.abort();
    expect((await pending).error?.code).toBe('aborted');
    await expect(hanging.complete(request, { signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
  });

  it("passes fetch a signal that follows the caller's", async () => {
    const { fetch, calls } = fakeFetch(() => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const pending = collect(
      createChatClient({ baseURL: 'http://x', fetch }).stream(request, { signal: controller.signal }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    const passed = calls[0].init.signal!;
    expect(passed.aborted).toBe(false);
    controller.abort(new Error('stop'));
    expect(passed.aborted).toBe(true);
    expect((await pending).error?.code).toBe('aborted');
  });

  it('complete POSTs without streaming and normalizes the answer', async () => {
    const { fetch, calls } = fakeFetch(
      () =>
        new Response(
          JSON.stringify({
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: 'ok',
                  reasoning_content: null,
                  reasoning: 'thought',
                  tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
                },
                finish_reason: 'tool_calls',
              },
            ],
            usage: {
              prompt_tokens: 3,
              completion_tokens: 4,
              total_tokens: 7,
              completion_tokens_details: { reasoning_tokens: 2 },
            },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    const result = await createChatClient({ baseURL: 'http://x', fetch }).complete({
      ...request,
      stream_options: { include_usage: true },
    });
    expect(calls[0].body.stream).toBe(false);
    expect(calls[0].body).not.toHaveProperty('stream_options');
    expect(result).toEqual({
      reasoning: 'thought',
      content: 'ok',
      toolCalls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
      usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7, reasoningTokens: 2 },
      finishReason: 'tool_calls',
    });
  });

  it("complete: a body that is not JSON is 'malformed-chunk'; an error object is 'provider-error'", async () => {
    const text = createChatClient({ baseURL: 'http://x', fetch: async () => new Response('not json') });
    await expect(text.complete(request)).rejects.toMatchObject({ code: 'malformed-chunk' });
    const err = createChatClient({
      baseURL: 'http://x',
      fetch: async () => new Response('{"error":{"message":"bad"}}'),
    });
    await expect(err.complete(request)).rejects.toMatchObject({ code: 'provider-error', providerMessage: 'bad' });
    const empty = createChatClient({ baseURL: 'http://x', fetch: async () => new Response('{"choices":[]}') });
    await expect(empty.complete(request)).rejects.toMatchObject({ code: 'malformed-chunk' });
  });

  it('refuses a missing baseURL with a clear message', () => {
    expect(() => createChatClient({ baseURL: '' })).toThrow(/baseURL/);
  });
});
