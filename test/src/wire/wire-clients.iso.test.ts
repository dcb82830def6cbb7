// createChatClient({ wire }): the URL, headers and body each wire takes; the reply's thinking
// blocks / reasoning items back in the next request exactly as the stream gave them; each wire's
// errors (529, 429 with its headers, a prompt too long) as the ChatErrors retries and the
// context fit read.
import { describe, expect, it } from 'vitest';
import { assistantHistoryMessage } from '../../../src/reply/history.js';
import { isContextLengthError } from '../../../src/window/context-length-error.js';
import { createChatClient } from '../../../src/wire/chat-client.js';
import type { ChatWire } from '../../../src/wire/chat-wire.js';
import type { ChatError } from '../../../src/wire/errors.js';
import type { ChatMessage, ChatRequest, FetchLike } from '../../../src/wire/types.js';
import {
  ANTHROPIC_SIGNATURE,
  ANTHROPIC_THINKING,
  ANTHROPIC_THINKING_TOOLS,
} from '../../support/recorded/anthropic-streams.js';
import { RESPONSES_REASONING_TOOLS } from '../../support/recorded/responses-streams.js';
import { collect } from '../../support/wire-fixtures.js';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A fetch that answers each request with the next reply and records what was sent. */
function fakeFetch(replies: (() => Response)[]): { fetch: FetchLike; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (input, init) => {
    sent.push({ url: String(input), headers: init?.headers as Record<string, string>, body: String(init?.body) });
    const next = replies.shift();
    if (next === undefined) throw new Error('no reply left');
    return next();
  };
  return { fetch, sent };
}

const sseReply = (body: string) => () =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });

const TOOLS: ChatRequest['tools'] = [
  {
    type: 'function',
    function: { name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: {} } },
  },
];

const FIRST: ChatRequest = {
  model: 'm',
  messages: [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: 'Read a.ts, write b.ts' },
  ],
  tools: TOOLS,
  tool_choice: 'auto',
};

/** One turn on `wire`: the first request, the reply as history, the tool results, the second request. */
async function twoRequests(wire: ChatWire, stream: string) {
  const { fetch, sent } = fakeFetch([sseReply(stream), sseReply(stream)]);
  const client = createChatClient({ wire, baseURL: 'https://api.example.com/v1/', apiKey: 'sk-test', fetch });
  const { events, error } = await collect(client.stream(FIRST));
  expect(error).toBeUndefined();
  const calls = new Map<number, { id: string; name: string; args: string }>();
  let details: unknown[] = [];
  let content = '';
  for (const e of events) {
    if (e.type === 'text') content += e.text;
    if (e.type === 'reasoning-details') details = [...details, ...e.details];
    if (e.type === 'tool-call') {
      const c = calls.get(e.index) ?? { id: '', name: '', args: '' };
      calls.set(e.index, { id: e.id ?? c.id, name: e.name ?? c.name, args: c.args + e.argumentsDelta });
    }
  }
  const toolCalls = [...calls.values()].map((c) => ({
    id: c.id,
    type: 'function' as const,
    function: { name: c.name, arguments: c.args },
  }));
  const history: ChatMessage[] = [
    ...FIRST.messages,
    assistantHistoryMessage({ content, toolCalls, reasoningDetails: details }),
    ...toolCalls.map(
      (c): ChatMessage => ({ role: 'tool', tool_call_id: c.id, content: `result of ${c.function.name}` }),
    ),
  ];
  await collect(client.stream({ ...FIRST, messages: history }));
  return { sent, toolCalls };
}

describe('anthropic-messages', () => {
  it('POSTs to {baseURL}/messages with x-api-key, anthropic-version and a Messages body', async () => {
    const { sent } = await twoRequests('anthropic-messages', ANTHROPIC_THINKING_TOOLS);
    expect(sent[0].url).toBe('https://api.example.com/v1/messages');
    expect(sent[0].headers).toMatchObject({ 'x-api-key': 'sk-test', 'anthropic-version': '2023-06-01' });
    expect(sent[0].headers.authorization).toBeUndefined();
    expect(JSON.parse(sent[0].body)).toEqual({
      model: 'm',
      max_tokens: 8192,
      system: 'You are terse.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Read a.ts, write b.ts' }] }],
      tools: [{ name: 'read_file', description: 'Read a file', input_schema: { type: 'object', properties: {} } }],
      tool_choice: { type: 'auto' },
      stream: true,
    });
  });

  it("max_tokens: the request's own, else the caller's replyTokens, else 8192; the other wires send none for replyTokens", async () => {
    const request: ChatRequest = { model: 'm', messages: [{ role: 'user', content: 'Hi' }] };
    const sentWith = async (wire: ChatWire, r: ChatRequest, replyTokens?: number) => {
      const { fetch, sent } = fakeFetch([sseReply(ANTHROPIC_THINKING)]);
      const client = createChatClient({ wire, baseURL: 'https://api.example.com/v1', fetch });
      await collect(client.stream(r, replyTokens === undefined ? {} : { replyTokens })).catch(() => undefined);
      return JSON.parse(sent[0].body) as Record<string, unknown>;
    };
    expect((await sentWith('anthropic-messages', request, 800)).max_tokens).toBe(800);
    expect((await sentWith('anthropic-messages', request, 799.5)).max_tokens).toBe(799);
    expect((await sentWith('anthropic-messages', { ...request, max_tokens: 300 }, 800)).max_tokens).toBe(300);
    expect((await sentWith('anthropic-messages', request)).max_tokens).toBe(8192);
    expect((await sentWith('anthropic-messages', request, 0)).max_tokens).toBe(8192);
    for (const wire of ['chat-completions', 'responses'] as const) {
      const body = await sentWith(wire, request, 800);
      expect([body.max_tokens, body.max_output_tokens, body.max_completion_tokens]).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
    }
  });

  it('sends the thinking block back first on the tool turn, text and signature byte for byte', async () => {
    const { sent } = await twoRequests('anthropic-messages', ANTHROPIC_THINKING_TOOLS);
    const body = JSON.parse(sent[1].body);
    expect(body.messages).toHaveLength(3);
    const [thinking, text, first, second] = body.messages[1].content;
    expect(thinking).toEqual({ type: 'thinking', thinking: ANTHROPIC_THINKING, signature: ANTHROPIC_SIGNATURE });
    // The raw body holds the block exactly as the stream's deltas joined.
    expect(sent[1].body).toContain(
      JSON.stringify({ type: 'thinking', thinking: ANTHROPIC_THINKING, signature: ANTHROPIC_SIGNATURE }),
    );
    expect(text).toEqual({ type: 'text', text: 'Reading a.ts, then writing b.ts.' });
    expect(first).toEqual({
      type: 'tool_use',
      id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
      name: 'read_file',
      input: { path: 'a.ts' },
    });
    expect(second.input).toEqual({ path: 'b.ts', content: 'x = 1\n' });
    // Both results in one user message (Anthropic wants the turns to alternate).
    expect(body.messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', content: 'result of read_file' },
        { type: 'tool_result', tool_use_id: 'toolu_01QjZbLh4pKkq9v2dXeZ3b7R', content: 'result of write_to_file' },
      ],
    });
  });

  it('complete() gathers the stream: content, calls, the thinking block, usage', async () => {
    const { fetch } = fakeFetch([sseReply(ANTHROPIC_THINKING_TOOLS)]);
    const client = createChatClient({ wire: 'anthropic-messages', baseURL: 'https://a/v1', fetch });
    const result = await client.complete(FIRST);
    expect(result).toMatchObject({
      reasoning: ANTHROPIC_THINKING,
      content: 'Reading a.ts, then writing b.ts.',
      finishReason: 'tool_calls',
      reasoningDetails: [{ type: 'thinking', thinking: ANTHROPIC_THINKING, signature: ANTHROPIC_SIGNATURE }],
    });
    expect(result.toolCalls.map((c) => c.function.arguments)).toEqual([
      '{"path": "a.ts"}',
      '{"path": "b.ts", "content": "x = 1\\n"}',
    ]);
  });

  it('maps 529 overloaded, 429 with retry-after or only the ratelimit reset, and a prompt too long', async () => {
    const error =
      (status: number, type: string, message: string, headers: Record<string, string> = {}) =>
      () =>
        new Response(JSON.stringify({ type: 'error', error: { type, message } }), {
          status,
          headers: { 'content-type': 'application/json', ...headers },
        });
    const reset = new Date(Date.now() + 30_000).toISOString();
    const { fetch } = fakeFetch([
      error(529, 'overloaded_error', 'Overloaded'),
      error(429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit', {
        'retry-after': '7',
        'anthropic-ratelimit-tokens-reset': reset,
      }),
      error(429, 'rate_limit_error', 'rate limited', { 'anthropic-ratelimit-tokens-reset': reset }),
      error(400, 'invalid_request_error', 'prompt is too long: 215000 tokens > 200000 maximum'),
    ]);
    const client = createChatClient({ wire: 'anthropic-messages', baseURL: 'https://a/v1', fetch });
    const fault = async () => (await collect(client.stream(FIRST))).error as ChatError;
    expect(await fault()).toMatchObject({
      code: 'http',
      status: 529,
      retryable: true,
      providerCode: 'overloaded_error',
    });
    expect(await fault()).toMatchObject({ status: 429, retryable: true, retryAfterMs: 7000 });
    const limited = await fault();
    expect(limited.retryAfterMs).toBeGreaterThan(25_000);
    expect(limited.retryAfterMs).toBeLessThanOrEqual(30_000);
    const tooLong = await fault();
    expect(tooLong).toMatchObject({ status: 400, retryable: false });
    expect(isContextLengthError(tooLong)).toBe(true);
  });

  it('refuses a response_format locally as a 400 that names it (structured output then falls back)', async () => {
    const { fetch, sent } = fakeFetch([]);
    const client = createChatClient({ wire: 'anthropic-messages', baseURL: 'https://a/v1', fetch });
    const { error } = await collect(client.stream({ ...FIRST, response_format: { type: 'json_object' } }));
    expect(error).toMatchObject({ code: 'http', status: 400 });
    expect(error?.providerMessage).toMatch(/response_format json_object/);
    expect(sent).toHaveLength(0);
  });
});

describe('responses', () => {
  it('POSTs a stateless body to {baseURL}/responses with Bearer auth', async () => {
    const { sent } = await twoRequests('responses', RESPONSES_REASONING_TOOLS);
    expect(sent[0].url).toBe('https://api.example.com/v1/responses');
    expect(sent[0].headers).toMatchObject({ authorization: 'Bearer sk-test' });
    expect(JSON.parse(sent[0].body)).toEqual({
      model: 'm',
      instructions: 'You are terse.',
      input: [{ role: 'user', content: 'Read a.ts, write b.ts' }],
      tools: [
        {
          type: 'function',
          name: 'read_file',
          description: 'Read a file',
          parameters: { type: 'object', properties: {} },
          strict: false,
        },
      ],
      tool_choice: 'auto',
      store: false,
      include: ['reasoning.encrypted_content'],
      stream: true,
    });
  });

  it('sends the reasoning item back before the calls, byte for byte as its output_item.done gave it', async () => {
    const { sent } = await twoRequests('responses', RESPONSES_REASONING_TOOLS);
    const body = JSON.parse(sent[1].body);
    expect(body.input.map((item: { type?: string; role?: string }) => item.type ?? item.role)).toEqual([
      'user',
      'reasoning',
      'assistant',
      'function_call',
      'function_call',
      'function_call_output',
      'function_call_output',
    ]);
    // The item's JSON text in the stream (its output_item.done event) is in the second body unchanged.
    const done = RESPONSES_REASONING_TOOLS.split('\n\n').find(
      (e) => e.includes('response.output_item.done') && e.includes('"type":"reasoning"'),
    ) as string;
    const itemText = JSON.stringify(JSON.parse(done.slice(done.indexOf('data: ') + 6)).item);
    expect(done).toContain(itemText);
    expect(sent[1].body).toContain(itemText);
    expect(body.input[3]).toEqual({
      type: 'function_call',
      call_id: 'call_Xk2pRz7QeVw9LmT3aB0cD4fG',
      name: 'read_file',
      arguments: '{"path":"a.ts"}',
    });
    expect(body.input[5]).toEqual({
      type: 'function_call_output',
      call_id: 'call_Xk2pRz7QeVw9LmT3aB0cD4fG',
      output: 'result of read_file',
    });
  });

  it('maps a 400 context_length_exceeded and a 429 with retry-after', async () => {
    const error =
      (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
      () =>
        new Response(JSON.stringify({ error: { message, type: 'invalid_request_error', param: 'input', code } }), {
          status,
          headers: { 'content-type': 'application/json', ...headers },
        });
    const { fetch } = fakeFetch([
      error(400, 'context_length_exceeded', 'Your input exceeds the context window of this model.'),
      error(429, 'rate_limit_exceeded', 'Rate limit reached', { 'retry-after': '2' }),
    ]);
    const client = createChatClient({ wire: 'responses', baseURL: 'https://o/v1', fetch });
    const tooLong = (await collect(client.stream(FIRST))).error;
    expect(isContextLengthError(tooLong)).toBe(true);
    expect((await collect(client.stream(FIRST))).error).toMatchObject({
      status: 429,
      retryable: true,
      retryAfterMs: 2000,
    });
  });
});

it('refuses an unknown wire at once, naming the three', () => {
  expect(() => createChatClient({ baseURL: 'https://x', wire: 'gemini' as ChatWire })).toThrow(
    /'chat-completions', 'anthropic-messages' or 'responses', got "gemini"/,
  );
});
