import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../scripted/scripted-model.js';
import { readChatCompletionStream } from '../../src/wire/read-chat-completion-stream.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';
import { chunks, dataLines, deltas, joined, post, streamBody } from '../support/scripted-helpers.js';

const task = [{ role: 'user' as const, content: 'Summarize this project.' }];

async function sse(model: string, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await post(createScriptedModel({ pace: 0 }), streamBody(model, task, extra));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return response.text();
}

async function events(model: string): Promise<ChatStreamEvent[]> {
  const out: ChatStreamEvent[] = [];
  const response = await post(createScriptedModel({ pace: 0 }), streamBody(model, task));
  for await (const e of readChatCompletionStream(response)) out.push(e);
  return out;
}

describe('the scripted model on the wire, per profile', () => {
  it('grok-4.3 sends only the active key', async () => {
    const text = await sse('grok-4.3');
    const ds = deltas(text).filter((d) => Object.keys(d).some((k) => k === 'content' || k === 'reasoning_content'));
    const thinking = ds.filter((d) => 'reasoning_content' in d);
    const answering = ds.filter((d) => 'content' in d);
    expect(thinking.length).toBeGreaterThan(3);
    expect(answering.length).toBeGreaterThan(3);
    for (const d of thinking) expect('content' in d).toBe(false);
    for (const d of answering) expect('reasoning_content' in d).toBe(false);
  });

  it('qwen3.6-plus sends both keys, the inactive one null', async () => {
    const ds = deltas(await sse('qwen3.6-plus')).filter((d) => 'content' in d || 'reasoning_content' in d);
    const thinking = ds.filter((d) => typeof d.reasoning_content === 'string');
    expect(thinking.length).toBeGreaterThan(3);
    for (const d of thinking) expect(d.content).toBeNull();
    for (const d of ds.filter((d) => typeof d.content === 'string')) expect(d.reasoning_content).toBeNull();
  });

  it('glm-5.1 sends content "" while thinking', async () => {
    const ds = deltas(await sse('glm-5.1'));
    const thinking = ds.filter((d) => typeof d.reasoning_content === 'string' && d.reasoning_content !== '');
    expect(thinking.length).toBeGreaterThan(3);
    for (const d of thinking) expect(d.content).toBe('');
  });

  it('the gateway profile names the field `reasoning`', async () => {
    const text = await sse('gateway-reasoning');
    expect(joined(text, 'reasoning').length).toBeGreaterThan(20);
    expect(text).not.toContain('reasoning_content');
  });

  it('inline-think puts <think>…</think> at the start of content', async () => {
    const text = await sse('inline-think');
    expect(joined(text, 'content')).toMatch(/^<think>\n[^]+\n<\/think>\n\n\S/);
    expect(text).not.toMatch(/"reasoning(_content)?"/);
  });

  for (const model of ['gpt-4.1-mini', 'gemini-3.1-flash-lite', 'claude-haiku-4-5']) {
    it(`${model} sends no reasoning at all`, async () => {
      const text = await sse(model);
      expect(text).not.toMatch(/"reasoning(_content)?"/);
      expect(joined(text, 'content')).toContain('<list_files>');
      expect(chunks(text).at(-1)?.usage?.completion_tokens_details.reasoning_tokens).toBe(0);
    });
  }

  it('gpt-5.4-mini: no reasoning text, but reasoning tokens that dwarf the answer', async () => {
    const text = await sse('gpt-5.4-mini');
    expect(text).not.toMatch(/"reasoning(_content)?"/);
    const usage = chunks(text).at(-1)!.usage!;
    const reasoning = usage.completion_tokens_details.reasoning_tokens;
    expect(reasoning).toBeGreaterThanOrEqual(300);
    expect(reasoning).toBeGreaterThan((usage.completion_tokens - reasoning) * 5);
  });

  it('ends with a usage chunk with empty choices, then [DONE], only when include_usage is set', async () => {
    const text = await sse('scripted');
    const data = dataLines(text);
    expect(data.at(-1)).toBe('[DONE]');
    const usageChunk = JSON.parse(data.at(-2)!) as { choices: unknown[]; usage: { total_tokens: number } };
    expect(usageChunk.choices).toEqual([]);
    expect(usageChunk.usage.total_tokens).toBeGreaterThan(0);
    expect(chunks(text).at(-2)?.choices[0].finish_reason).toBe('stop');
    const plain = await sse('scripted', { stream_options: undefined });
    expect(plain).not.toContain('"usage"');
    expect(dataLines(plain).at(-1)).toBe('[DONE]');
  });

  it('streams token-sized chunks and the role first', async () => {
    const ds = deltas(await sse('gpt-4.1-mini'));
    expect(ds[0].role).toBe('assistant');
    const sizes = ds.map((d) => (typeof d.content === 'string' ? d.content.length : 0)).filter((n) => n > 0);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(5);
  });

  it('is deterministic: the same request gives the same bytes', async () => {
    expect(await sse('qwen3.6-plus')).toBe(await sse('qwen3.6-plus'));
  });

  it('reads back through readChatCompletionStream as reasoning, text, usage, finish', async () => {
    for (const model of ['grok-4.3', 'qwen3.6-plus', 'glm-5.1', 'gateway-reasoning']) {
      const list = await events(model);
      const reasoning = list
        .filter((e) => e.type === 'reasoning')
        .map((e) => (e as { text: string }).text)
        .join('');
      const text = list
        .filter((e) => e.type === 'text')
        .map((e) => (e as { text: string }).text)
        .join('');
      expect(reasoning).toContain('I do not know the workspace yet.');
      expect(text).toMatch(
        /^I'll start by looking at the files[^]*<list_files>\n<path>\.<\/path>\n<recursive>false<\/recursive>\n<\/list_files>$/,
      );
      expect(list).toContainEqual({ type: 'finish', reason: 'stop' });
      expect(list.some((e) => e.type === 'usage')).toBe(true);
    }
  });

  it('answers non-streamed requests with the reasoning field and usage', async () => {
    const response = await post(createScriptedModel({ pace: 0 }), { model: 'qwen3.6-plus', messages: task });
    const body = (await response.json()) as {
      object: string;
      choices: Array<{ message: Record<string, unknown>; finish_reason: string }>;
      usage: { completion_tokens_details: { reasoning_tokens: number } };
    };
    expect(body.object).toBe('chat.completion');
    expect(body.choices[0].message.reasoning_content).toMatch(/workspace/);
    expect(body.choices[0].message.content).toContain('<list_files>');
    expect(body.choices[0].finish_reason).toBe('stop');
    expect(body.usage.completion_tokens_details.reasoning_tokens).toBeGreaterThan(0);
  });

  it('honours max_tokens with finish_reason length', async () => {
    const text = await sse('gpt-4.1-mini', { max_tokens: 5 });
    expect(deltas(text).filter((d) => typeof d.content === 'string')).toHaveLength(5);
    expect(chunks(text).at(-2)?.choices[0].finish_reason).toBe('length');
  });
});

describe('bad requests are answered like OpenAI', () => {
  const model = createScriptedModel({ pace: 0 });
  async function error(response: Response) {
    return {
      status: response.status,
      ...(
        (await response.json()) as {
          error: { message: string; type: string; param: string | null; code: string | null };
        }
      ).error,
    };
  }
  it('unparseable JSON: 400', async () => {
    const e = await error(await post(model, '{"model": '));
    expect(e).toMatchObject({ status: 400, type: 'invalid_request_error', param: null });
    expect(e.message).toMatch(/could not parse the JSON body/);
  });
  it('missing model, empty or malformed messages: 400 naming the parameter', async () => {
    expect(await error(await post(model, { messages: task }))).toMatchObject({ status: 400, param: 'model' });
    expect(await error(await post(model, { model: 'scripted', messages: [] }))).toMatchObject({
      status: 400,
      param: 'messages',
    });
    expect(
      await error(await post(model, { model: 'scripted', messages: [{ role: 'robot', content: 'x' }] })),
    ).toMatchObject({ status: 400, param: 'messages[0].role', code: 'invalid_value' });
    expect(
      await error(await post(model, { model: 'scripted', messages: [{ role: 'user', content: 5 }] })),
    ).toMatchObject({ status: 400, param: 'messages[0].content' });
    expect(
      await error(
        await post(model, {
          model: 'scripted',
          messages: [...task, { role: 'tool', tool_call_id: 'nope', content: 'x' }],
        }),
      ),
    ).toMatchObject({ status: 400, param: 'messages[1].tool_call_id' });
    expect(await error(await post(model, { model: 'scripted', messages: task, stream: 'yes' }))).toMatchObject({
      status: 400,
      param: 'stream',
    });
    expect(
      await error(await post(model, { model: 'scripted', messages: task, response_format: { type: 'xml' } })),
    ).toMatchObject({ status: 400, param: 'response_format.type' });
    expect(
      await error(await post(model, { model: 'scripted', messages: task, response_format: { type: 'json_schema' } })),
    ).toMatchObject({ status: 400, param: 'response_format.json_schema' });
  });
  it('json_object without the word "json" in the messages: 400 (every profile that honours it)', async () => {
    const e = await error(
      await post(model, { model: 'gpt-4.1-mini', messages: task, response_format: { type: 'json_object' } }),
    );
    expect(e).toMatchObject({ status: 400, param: 'messages' });
    expect(e.message).toContain("'json'");
  });
  it('qwen3.6-plus: json_schema without the word json is a 400 about response_format; with it, JSON', async () => {
    const rf = {
      type: 'json_schema',
      json_schema: { name: 'r', schema: { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] } },
    };
    const e = await error(await post(model, { model: 'qwen3.6-plus', messages: task, response_format: rf }));
    expect(e.status).toBe(400);
    expect(e.message).toContain('response_format');
    const ok = await post(model, {
      model: 'qwen3.6-plus',
      messages: [{ role: 'user', content: 'Answer in JSON.' }],
      response_format: rf,
    });
    expect(((await ok.json()) as { choices: Array<{ message: { content: string } }> }).choices[0].message.content).toBe(
      '{"a":1}',
    );
    const gpt = await post(model, { model: 'gpt-4.1-mini', messages: task, response_format: rf });
    expect(gpt.status).toBe(200);
  });
  it('unknown scripted profile and unknown paths: 404; GET /models lists the profiles', async () => {
    expect(await error(await post(model, { model: 'scripted:nope', messages: task }))).toMatchObject({
      status: 404,
      code: 'model_not_found',
    });
    expect(
      await error(await model('http://scripted.local/v1/embeddings', { method: 'POST', body: '{}' })),
    ).toMatchObject({ status: 404 });
    const list = (await (await model('http://scripted.local/v1/models')).json()) as {
      object: string;
      data: Array<{ id: string; object: string }>;
    };
    expect(list.object).toBe('list');
    expect(list.data.map((m) => m.id)).toEqual(
      expect.arrayContaining(['scripted', 'gpt-4.1-mini', 'glm-5.1', 'gateway-reasoning', 'inline-think']),
    );
    expect((await model('http://scripted.local/v1/models/glm-5.1')).status).toBe(200);
    expect((await model('http://scripted.local/v1/models/nope')).status).toBe(404);
  });
  it('any other model name gets the safe default profile; scripted:<id> picks a profile', async () => {
    const other = await post(model, streamBody('my-own-model', task));
    expect(other.status).toBe(200);
    expect(await other.text()).not.toMatch(/"reasoning(_content)?"/);
    expect(await (await post(model, streamBody('scripted:glm-5.1', task))).text()).toContain('"content":""');
  });
  it('takes reasoning sent back: which models need it or refuse it is their history rule (scripted-history-rules.ts)', async () => {
    const history = [
      ...task,
      { role: 'assistant', content: 'ok', reasoning_content: 'the plan' },
      { role: 'user', content: 'go on' },
    ];
    expect((await post(model, { model: 'scripted', messages: history })).status).toBe(200);
    expect((await post(model, { model: 'scripted:grok-4.3', messages: history })).status).toBe(200);
  });
  it('shows every valid request to onRequest', async () => {
    const seen: string[] = [];
    const watched = createScriptedModel({ pace: 0, onRequest: (r) => seen.push(r.model) });
    await post(watched, { model: 'glm-5.1', messages: task });
    await post(watched, { messages: task });
    expect(seen).toEqual(['glm-5.1']);
  });
  it('checks the API key when one is configured', async () => {
    const locked = createScriptedModel({ pace: 0, apiKey: 'k' });
    expect(await error(await post(locked, streamBody('scripted', task)))).toMatchObject({
      status: 401,
      code: 'invalid_api_key',
    });
    expect((await post(locked, streamBody('scripted', task), { headers: { authorization: 'Bearer k' } })).status).toBe(
      200,
    );
  });
  it('accepts a Request object as input', async () => {
    const response = await model(
      new Request('http://scripted.local/v1/chat/completions', {
        method: 'POST',
        body: JSON.stringify(streamBody('scripted', task)),
      }),
    );
    expect(dataLines(await response.text()).at(-1)).toBe('[DONE]');
  });
});

describe('structured requests vs agent turns', () => {
  it('a tool result that mentions a JSON Schema does not turn an agent turn into a JSON answer', async () => {
    const response = await post(createScriptedModel({ pace: 0 }), {
      model: 'scripted',
      messages: [
        { role: 'user', content: 'Read README.md' },
        { role: 'assistant', content: '<list_files><path>.</path></list_files>' },
        {
          role: 'user',
          content: '[list_files for \'.\'] Result:\nREADME.md\n\nIt must match this JSON Schema: {"type":"object"}',
        },
      ],
    });
    const content = ((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0].message
      .content;
    expect(content).toContain('<read_file>');
  });

  it('a schema in a system message makes a structured answer, without response_format', async () => {
    const response = await post(createScriptedModel({ pace: 0 }), {
      model: 'gpt-4.1-mini',
      messages: [
        {
          role: 'system',
          content:
            'Answer with JSON only. It must match this JSON Schema:\n{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}',
        },
        { role: 'user', content: 'How many?' },
      ],
    });
    const content = ((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0].message
      .content;
    expect(content).toBe(
      'Here is the requested data:\n\n```json\n{\n  "n": 1\n}\n```\n\nLet me know if you need anything else.',
    );
  });
});
