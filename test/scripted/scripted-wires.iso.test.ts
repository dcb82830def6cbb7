// The scripted model on the Anthropic Messages and Responses wires: each wire's history rule with
// the provider's status and text (a thinking block dropped or changed; a reasoning item without
// its encrypted_content, changed, or without its following item), each fault in the wire's error
// shapes (429 with Anthropic's ratelimit headers, 529 overloaded, an error event mid-stream, a
// max_tokens stop), a prompt too long as a context-length error, and the non-streamed bodies.
import { describe, expect, it } from 'vitest';
import { createScriptedModel, type ScriptedModelOptions } from '../../scripted/index.js';
import { isContextLengthError } from '../../src/window/context-length-error.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import type { ChatWire } from '../../src/wire/chat-wire.js';
import type { ChatMessage, ChatRequest, ChatStreamEvent, ChatToolDefinition } from '../../src/wire/types.js';
import { collect } from '../support/wire-fixtures.js';

type Json = Record<string, unknown>;

const TOOLS: ChatToolDefinition[] = [
  {
    type: 'function',
    function: { name: 'list_files', parameters: { type: 'object', properties: { path: { type: 'string' } } } },
  },
];

const TASK: ChatMessage = { role: 'user', content: 'List the files' };

function clientOn(wire: ChatWire, options: ScriptedModelOptions = {}) {
  const model = createScriptedModel({ pace: 0, ...options });
  return { model, client: createChatClient({ wire, baseURL: 'http://scripted.local/v1', fetch: model }) };
}

/** The reply of one request as the history's assistant message (reasoning_details as they came). */
function asHistory(events: ChatStreamEvent[]): ChatMessage {
  let content = '';
  const details: unknown[] = [];
  const calls: NonNullable<ChatMessage['tool_calls']> = [];
  for (const e of events) {
    if (e.type === 'text') content += e.text;
    if (e.type === 'reasoning-details') details.push(...e.details);
    if (e.type === 'tool-call') {
      if (e.id !== undefined)
        calls[e.index] = { id: e.id, type: 'function', function: { name: e.name ?? '', arguments: '' } };
      calls[e.index].function.arguments += e.argumentsDelta;
    }
  }
  return { role: 'assistant', content, tool_calls: calls, reasoning_details: details };
}

/** A first native tool turn on `wire` (profile `model`), then its history as `alter` leaves it, sent again. */
async function secondRequest(wire: ChatWire, model: string, alter: (m: ChatMessage) => ChatMessage) {
  const { client } = clientOn(wire);
  const first: ChatRequest = { model, messages: [TASK], tools: TOOLS };
  const one = await collect(client.stream(first));
  expect(one.error).toBeUndefined();
  const assistant = asHistory(one.events);
  expect(assistant.tool_calls).toHaveLength(1);
  const result: ChatMessage = { role: 'tool', tool_call_id: assistant.tool_calls![0].id, content: 'README.md' };
  const two = await collect(client.stream({ ...first, messages: [TASK, alter(assistant), result] }));
  return { assistant, error: two.error, events: two.events };
}

const keep = (m: ChatMessage) => m;
const withDetails = (m: ChatMessage, change: (d: Json) => Json | undefined): ChatMessage => ({
  ...m,
  reasoning_details: (m.reasoning_details as Json[]).map(change).filter((d): d is Json => d !== undefined),
});

describe('the Anthropic Messages wire: thinking back on a tool turn, signature unchanged', () => {
  it('accepts the thinking block as it streamed', async () => {
    const { assistant, error } = await secondRequest('anthropic-messages', 'scripted:glm-5.1', keep);
    expect(assistant.reasoning_details).toEqual([
      { type: 'thinking', thinking: expect.any(String), signature: expect.stringMatching(/^ErUB/) },
    ]);
    expect(assistant.tool_calls![0].id).toMatch(/^toolu_/);
    expect(error).toBeUndefined();
  });

  it("refuses a tool turn without its thinking block with Anthropic's 400", async () => {
    const { error } = await secondRequest('anthropic-messages', 'scripted:glm-5.1', (m) => ({
      ...m,
      reasoning_details: [],
    }));
    expect(error).toMatchObject({ code: 'http', status: 400, retryable: false });
    expect(error?.providerMessage).toMatch(
      /^messages\.1\.content\.0\.type: Expected `thinking` or `redacted_thinking`, but found `text`\. When `thinking` is enabled, a final `assistant` message must start with a thinking block/,
    );
  });

  it('refuses a changed signature, and a changed thinking under its signature', async () => {
    for (const change of [
      (d: Json) => ({ ...d, signature: `${String(d.signature)}x` }),
      (d: Json) => ({ ...d, thinking: `${String(d.thinking)} ` }),
    ]) {
      const { error } = await secondRequest('anthropic-messages', 'scripted:glm-5.1', (m) => withDetails(m, change));
      expect(error?.status).toBe(400);
      expect(error?.providerMessage).toBe('messages.1.content.0: Invalid `signature` in `thinking` block');
    }
  });

  it('hidden thinking comes as redacted_thinking, which must come back unchanged too', async () => {
    const ok = await secondRequest('anthropic-messages', 'scripted:gpt-5.4-mini', keep);
    expect(ok.assistant.reasoning_details).toEqual([{ type: 'redacted_thinking', data: expect.any(String) }]);
    expect(ok.error).toBeUndefined();
    const changed = await secondRequest('anthropic-messages', 'scripted:gpt-5.4-mini', (m) =>
      withDetails(m, (d) => ({ ...d, data: `${String(d.data).slice(0, -1)}0` })),
    );
    expect(changed.error?.providerMessage).toBe('messages.1.content.0: Invalid `data` in `redacted_thinking` block');
  });

  it('a profile without thinking sends no thinking block and needs none back', async () => {
    const { assistant, error } = await secondRequest('anthropic-messages', 'scripted:gpt-4.1-mini', keep);
    expect(assistant.reasoning_details).toEqual([]);
    expect(error).toBeUndefined();
  });
});

describe('the Responses wire: reasoning items back, stateless', () => {
  it('accepts the reasoning item as it streamed, encrypted_content included', async () => {
    const { assistant, error } = await secondRequest('responses', 'scripted:glm-5.1', keep);
    expect(assistant.reasoning_details).toEqual([
      {
        id: expect.stringMatching(/^rs_/),
        type: 'reasoning',
        summary: [{ type: 'summary_text', text: expect.any(String) }],
        encrypted_content: expect.stringMatching(/^gAAAAAB/),
      },
    ]);
    expect(error).toBeUndefined();
  });

  it("refuses each way of sending it back wrong, with OpenAI's texts", async () => {
    const cases: Array<[string, (m: ChatMessage) => ChatMessage, RegExp]> = [
      [
        'without encrypted_content',
        (m) => withDetails(m, ({ encrypted_content: _, ...rest }) => rest),
        /^Item with id 'rs_\w+' not found\. Items are not persisted when `store` is set to false\./,
      ],
      [
        'changed',
        (m) => withDetails(m, (d) => ({ ...d, encrypted_content: `${String(d.encrypted_content)}AA` })),
        /^The encrypted content gAAA\.\.\.=?=?AA could not be verified\.$/,
      ],
      [
        'left out',
        (m) => ({ ...m, reasoning_details: [] }),
        /^Item 'fc_\w+' of type 'function_call' was provided without its required 'reasoning' item: 'rs_\w+'\.$/,
      ],
    ];
    for (const [name, alter, text] of cases) {
      const { error } = await secondRequest('responses', 'scripted:glm-5.1', alter);
      expect({ name, status: error?.status }).toEqual({ name, status: 400 });
      expect(error?.providerMessage).toMatch(text);
    }
  });

  it('refuses a reasoning item without the item that followed it', async () => {
    const { client, model } = clientOn('responses');
    const one = await collect(client.stream({ model: 'scripted:glm-5.1', messages: [TASK] }));
    const [item] = asHistory(one.events).reasoning_details as Json[];
    const refused = await model('http://s/v1/responses', {
      method: 'POST',
      body: JSON.stringify({
        model: 'scripted:glm-5.1',
        store: false,
        input: [{ role: 'user', content: 'List the files' }, item, { role: 'user', content: 'Go on' }],
      }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: {
        message: `Item '${String(item.id)}' of type 'reasoning' was provided without its required following item.`,
        param: 'input',
      },
    });
  });

  it('hidden thinking is a reasoning item with an empty summary and its encrypted_content', async () => {
    const { assistant, error } = await secondRequest('responses', 'scripted:gpt-5.4-mini', keep);
    expect(assistant.reasoning_details).toEqual([
      {
        id: expect.stringMatching(/^rs_/),
        type: 'reasoning',
        summary: [],
        encrypted_content: expect.stringMatching(/^gAAAAAB/),
      },
    ]);
    expect(error).toBeUndefined();
  });
});

describe("faults and refusals in each wire's shapes", () => {
  it('http-429-once: Anthropic 429 rate_limit_error with its ratelimit headers; the retry then succeeds', async () => {
    const { model } = clientOn('anthropic-messages', { faults: ['http-429-once'] });
    const body = { model: 'scripted', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] };
    const post = () => model('http://s/v1/messages', { method: 'POST', body: JSON.stringify(body) });
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
    expect(refused.headers.get('anthropic-ratelimit-requests-remaining')).toBe('0');
    expect(refused.headers.get('anthropic-ratelimit-requests-reset')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await post()).status).toBe(200);
  });

  it('http-500-once: Anthropic 529 overloaded_error, retryable; Responses 500 server_error', async () => {
    for (const [wire, status] of [
      ['anthropic-messages', 529],
      ['responses', 500],
    ] as const) {
      const { client } = clientOn(wire, { faults: ['http-500-once'] });
      const { error } = await collect(client.stream({ model: 'scripted', messages: [TASK] }));
      expect(error).toMatchObject({ code: 'http', status, retryable: true });
      expect((await collect(client.stream({ model: 'scripted', messages: [TASK] }))).error).toBeUndefined();
    }
  });

  it('error-mid-stream: an error event after part of the reply, retryable, on both wires', async () => {
    for (const wire of ['anthropic-messages', 'responses'] as const) {
      const { client } = clientOn(wire, { faults: ['error-mid-stream'] });
      const { events, error } = await collect(client.stream({ model: 'scripted', messages: [TASK] }));
      expect(events.length).toBeGreaterThan(0);
      expect(error).toMatchObject({ code: 'provider-error', retryable: true });
    }
  });

  it('max_tokens / max_output_tokens reached: stop_reason max_tokens / response.incomplete, read as finish length', async () => {
    for (const wire of ['anthropic-messages', 'responses'] as const) {
      const { client } = clientOn(wire);
      const { events, error } = await collect(client.stream({ model: 'scripted', messages: [TASK], max_tokens: 5 }));
      expect(error).toBeUndefined();
      expect(events.at(-1)).toEqual({ type: 'finish', reason: 'length' });
    }
  });

  it('a prompt over the window is a context-length error on both wires', async () => {
    for (const wire of ['anthropic-messages', 'responses'] as const) {
      const { client } = clientOn(wire);
      const long: ChatMessage = { role: 'user', content: 'x '.repeat(400_000) };
      const { error } = await collect(client.stream({ model: 'scripted:glm-5.1', messages: [long] }));
      expect(error?.status).toBe(400);
      expect(isContextLengthError(error)).toBe(true);
    }
  });

  it('a key goes in x-api-key on Anthropic (401 authentication_error without it), as a bearer token on Responses', async () => {
    const model = createScriptedModel({ pace: 0, apiKey: 'sk-scripted' });
    for (const wire of ['anthropic-messages', 'responses'] as const) {
      const good = createChatClient({ wire, baseURL: 'http://s/v1', fetch: model, apiKey: 'sk-scripted' });
      expect((await collect(good.stream({ model: 'scripted', messages: [TASK] }))).error).toBeUndefined();
      const bad = createChatClient({ wire, baseURL: 'http://s/v1', fetch: model, apiKey: 'sk-other' });
      expect((await collect(bad.stream({ model: 'scripted', messages: [TASK] }))).error?.status).toBe(401);
    }
    const refused = await model('http://s/v1/messages', { method: 'POST', body: '{}' });
    expect(await refused.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
  });

  it('answers a non-streamed request with one message / response object', async () => {
    const model = createScriptedModel({ pace: 0 });
    const messages = await model('http://s/v1/messages', {
      method: 'POST',
      body: JSON.stringify({
        model: 'scripted:glm-5.1',
        max_tokens: 2000,
        messages: [{ role: 'user', content: 'List the files' }],
      }),
    });
    const message = (await messages.json()) as Json;
    expect(message).toMatchObject({ type: 'message', role: 'assistant', stop_reason: 'end_turn' });
    expect((message.content as Json[]).map((b) => b.type)).toEqual(['thinking', 'text']);
    const responses = await model('http://s/v1/responses', {
      method: 'POST',
      body: JSON.stringify({
        model: 'scripted:glm-5.1',
        input: 'List the files',
        include: ['reasoning.encrypted_content'],
      }),
    });
    const response = (await responses.json()) as Json;
    expect(response).toMatchObject({
      object: 'response',
      status: 'completed',
      usage: { input_tokens: expect.any(Number) },
    });
    expect((response.output as Json[]).map((i) => i.type)).toEqual(['reasoning', 'message']);
  });

  it("checks each wire's body: Anthropic wants max_tokens, Responses a known call for each output", async () => {
    const model = createScriptedModel({ pace: 0 });
    const noMax = await model('http://s/v1/messages', {
      method: 'POST',
      body: JSON.stringify({ model: 'scripted', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(noMax.status).toBe(400);
    expect(await noMax.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: 'max_tokens: Field required' },
    });
    const orphan = await model('http://s/v1/responses', {
      method: 'POST',
      body: JSON.stringify({
        model: 'scripted',
        input: [{ type: 'function_call_output', call_id: 'call_x', output: 'y' }],
      }),
    });
    expect(orphan.status).toBe(400);
    expect(await orphan.json()).toMatchObject({
      error: { message: 'No tool call found for function call output with call_id call_x.' },
    });
  });
});
