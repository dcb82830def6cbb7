import { describe, expect, it } from 'vitest';
import { createScriptedModel, type ScriptedModelOptions } from '../../../scripted/scripted-model.js';
import { scriptedFaults } from '../../../scripted/endpoint/scripted-faults.js';
import { readChatCompletionStream } from '../../../src/wire/read-chat-completion-stream.js';
import { ChatError } from '../../../src/wire/errors.js';
import type { ChatMessage, ChatStreamEvent } from '../../../src/wire/types.js';
import { nativeTools } from '../../support/scripted-agent-loop.js';
import { chunks, dataLines, post, streamBody } from '../../support/scripted-helpers.js';
import { counterexampleForSchema, exampleForSchema } from '../../../scripted/endpoint/json-schema-example.js';
import { checkJsonSchema } from '../../../src/structured/check-json-schema.js';

const task: ChatMessage[] = [{ role: 'user', content: 'What is here?' }];
/** A conversation at the write step: listing and reading done. */
const writeStep: ChatMessage[] = [
  { role: 'user', content: 'Write out/n.md' },
  { role: 'assistant', content: '<list_files><path>.</path></list_files>' },
  { role: 'user', content: "[list_files for '.'] Result:\nREADME.md" },
  { role: 'assistant', content: '<read_file><path>README.md</path></read_file>' },
  { role: 'user', content: "[read_file for 'README.md'] Result:\n# Title" },
];

async function read(response: Response): Promise<{ events: ChatStreamEvent[]; error?: unknown; text: string }> {
  const events: ChatStreamEvent[] = [];
  try {
    for await (const e of readChatCompletionStream(response)) events.push(e);
    return { events, text: textOf(events) };
  } catch (error) {
    return { events, error, text: textOf(events) };
  }
}

function textOf(events: ChatStreamEvent[]): string {
  return events.map((e) => (e.type === 'text' ? e.text : '')).join('');
}

function scripted(options: ScriptedModelOptions = {}) {
  return createScriptedModel({ pace: 0, ...options });
}

describe('fault injection', () => {
  it('lists every fault', () => {
    expect([...scriptedFaults].sort()).toEqual([
      'cut-in-tool-call',
      'error-mid-stream',
      'http-429-once',
      'http-500-once',
      'invalid-structured',
      'length-in-write',
      'malformed-chunk',
      'no-usage',
      'slow-first-token',
    ]);
  });

  it('http-429-once: one 429 with an OpenAI error body, then the retry succeeds', async () => {
    const model = scripted({ faults: ['http-429-once'] });
    const first = await post(model, streamBody('scripted', task));
    expect(first.status).toBe(429);
    expect(((await first.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
    const retry = await post(model, streamBody('scripted', task));
    expect(retry.status).toBe(200);
    expect((await read(retry)).error).toBeUndefined();
  });

  it('http-500-once from a fault marker in the task; a ChatError http 500 through the reader', async () => {
    const model = scripted();
    const marked: ChatMessage[] = [{ role: 'user', content: 'What is here? fault:http-500-once' }];
    const { error } = await read(await post(model, streamBody('scripted', marked)));
    expect(error).toBeInstanceOf(ChatError);
    expect(error).toMatchObject({ code: 'http', status: 500, retryable: true });
    expect((await post(model, streamBody('scripted', marked))).status).toBe(200);
    // The marker does not leak into the agent's reading of the task.
    expect((await read(await post(model, streamBody('scripted', marked)))).text).toContain('<list_files>');
  });

  it('error-mid-stream: text first, then a provider-error; once per conversation', async () => {
    const model = scripted({ faults: ['error-mid-stream'] });
    const first = await read(await post(model, streamBody('grok-4.3', task)));
    expect(first.events.some((e) => e.type === 'reasoning')).toBe(true);
    expect(first.error).toMatchObject({ code: 'provider-error' });
    const again = await read(await post(model, streamBody('grok-4.3', task)));
    expect(again.error).toBeUndefined();
    expect(again.text).toContain('</list_files>');
  });

  it('malformed-chunk: a data line that is not JSON, reported after what came before', async () => {
    const model = scripted({ faults: ['malformed-chunk'] });
    const response = await post(model, streamBody('gpt-4.1-mini', task));
    const result = await read(response);
    expect(result.text.length).toBeGreaterThan(0);
    expect(result.error).toMatchObject({ code: 'malformed-chunk' });
  });

  it('cut-in-tool-call: the stream stops inside the tool tag with no finish_reason and no [DONE]', async () => {
    const model = scripted({ faults: ['cut-in-tool-call'] });
    const response = await post(model, streamBody('qwen3.6-plus', task));
    const sse = await response.clone().text();
    expect(sse).not.toContain('[DONE]');
    expect(sse).not.toMatch(/"finish_reason":"/);
    const result = await read(response);
    expect(result.error).toMatchObject({ code: 'truncated' });
    expect(result.text).toContain('<list_files>');
    expect(result.text).not.toContain('</list_files>');
  });

  it('cut-in-tool-call with native tools: the arguments stop half way', async () => {
    const model = scripted({ faults: ['cut-in-tool-call'] });
    const result = await read(await post(model, streamBody('gpt-4.1-mini', task, { tools: nativeTools })));
    expect(result.error).toMatchObject({ code: 'truncated' });
    const args = result.events.map((e) => (e.type === 'tool-call' ? e.argumentsDelta : '')).join('');
    expect(args.length).toBeGreaterThan(0);
    expect(() => JSON.parse(args)).toThrow();
  });

  it('length-in-write: finish_reason length inside write_to_file content, only in the write step', async () => {
    const model = scripted({ faults: ['length-in-write'] });
    // Earlier steps write nothing, so they are untouched.
    expect((await read(await post(model, streamBody('scripted', [writeStep[0]])))).events).toContainEqual({
      type: 'finish',
      reason: 'stop',
    });
    const result = await read(await post(model, streamBody('scripted', writeStep)));
    expect(result.error).toBeUndefined();
    expect(result.events).toContainEqual({ type: 'finish', reason: 'length' });
    expect(result.text).toContain('<content>\n# Notes');
    expect(result.text).not.toContain('</write_to_file>');
    // The retry of the write goes through.
    expect((await read(await post(model, streamBody('scripted', writeStep)))).text).toMatch(/<\/write_to_file>$/);
  });

  it('length-in-write applies to non-streamed requests too', async () => {
    const model = scripted({ faults: ['length-in-write'] });
    const response = await post(model, { model: 'gpt-4.1-mini', messages: writeStep });
    const choice = (
      (await response.json()) as { choices: Array<{ message: { content: string }; finish_reason: string }> }
    ).choices[0];
    expect(choice.finish_reason).toBe('length');
    expect(choice.message.content).toContain('<content>');
    expect(choice.message.content).not.toContain('</write_to_file>');
  });

  it('slow-first-token: an SSE comment first, then the whole reply', async () => {
    const model = scripted({ faults: ['slow-first-token'], slowFirstTokenMs: 1 });
    const sse = await (await post(model, streamBody('scripted', task))).text();
    expect(sse.startsWith(': keep-alive\n\n')).toBe(true);
    expect(dataLines(sse).at(-1)).toBe('[DONE]');
  });

  it('invalid-structured breaks any schema that can be broken, optional fields only included', () => {
    // each schema, and the complaint the counterexample draws from the checker
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        '$.name: required but missing',
      ],
      [
        { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } },
        '$.name: expected string, got number',
      ],
      [{ properties: { age: { type: 'integer' } } }, '$.age: expected integer, got string'],
      [{ type: 'object', properties: { anything: {} } }, '$: expected object, got number'],
      [{ type: 'object' }, '$: expected object, got number'],
      [{ type: 'array', items: { type: 'string' } }, '$: expected array, got object'],
      [{ type: ['string', 'null'] }, '$: expected string or null, got object'],
      [{ enum: ['a', 'b'] }, '$: expected one of "a", "b"'],
    ];
    for (const [schema, complaint] of cases) {
      const value = counterexampleForSchema(schema);
      expect(checkJsonSchema(value, schema), `${JSON.stringify(schema)} -> ${JSON.stringify(value)}`).toBe(complaint);
    }
  });

  it('without faults the structured answer satisfies its schema (required names without properties, allOf parts)', () => {
    const schemas: Record<string, unknown>[] = [
      { type: 'object', required: ['id'] },
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'b'] },
      {
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { properties: { b: { type: 'integer' } }, required: ['b'] },
        ],
      },
      { type: 'array', items: { type: 'object', required: ['x'] }, minItems: 2 },
    ];
    for (const schema of schemas) {
      const value = exampleForSchema(schema);
      expect(checkJsonSchema(value, schema), `${JSON.stringify(schema)} -> ${JSON.stringify(value)}`).toBeUndefined();
    }
  });

  it('faults of one conversation do not consume those of another', async () => {
    const model = scripted({ faults: ['error-mid-stream'] });
    expect((await read(await post(model, streamBody('scripted', task)))).error).toMatchObject({
      code: 'provider-error',
    });
    const other = await read(await post(model, streamBody('scripted', [{ role: 'user', content: 'Another task' }])));
    expect(other.error).toMatchObject({ code: 'provider-error' });
  });
});

describe('pace and abort', () => {
  it('paced and unpaced streams carry the same bytes', async () => {
    const paced = await (
      await post(createScriptedModel({ pace: { firstTokenMs: 1, tokenMs: 1 } }), streamBody('glm-5.1', task))
    ).text();
    const unpaced = await (await post(scripted(), streamBody('glm-5.1', task))).text();
    expect(paced).toBe(unpaced);
  });

  it('an aborted signal rejects the call', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(post(scripted(), streamBody('scripted', task), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('aborting mid-stream errors the body', async () => {
    const controller = new AbortController();
    // Paced, so the reply comes in many reads (at pace 0 a short reply is one read).
    const response = await post(createScriptedModel({ pace: { tokenMs: 1 } }), streamBody('scripted', task), {
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('usage counts every chunk sent', async () => {
    const sse = await (await post(scripted(), streamBody('grok-4.3', task))).text();
    const list = chunks(sse);
    const tokenChunks = list.filter(
      (c) =>
        c.choices.length > 0 &&
        Object.keys(c.choices[0].delta).some((k) => k === 'content' || k === 'reasoning_content'),
    ).length;
    expect(list.at(-1)!.usage!.completion_tokens).toBe(tokenChunks);
  });
});

describe('options', () => {
  it('rejects unknown faults and bad paces with a coded error', () => {
    expect(() => createScriptedModel({ faults: ['nope' as never] })).toThrow(/unknown fault "nope"/);
    expect(() => createScriptedModel({ pace: -1 })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
    expect(() => createScriptedModel({ pace: { tokenMs: Number.NaN } })).toThrow(/pace.tokenMs/);
  });
});
