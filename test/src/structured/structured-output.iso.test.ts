import { describe, expect, it } from 'vitest';
import { createChatClient } from '../../../src/wire/chat-client.js';
import { requestStructured, structuredFormatFor } from '../../../src/structured/structured-output.js';
import { StructuredOutputError } from '../../../src/structured/structured-output-error.js';
import { checkJsonSchema } from '../../../src/structured/check-json-schema.js';
import { createScriptedModel } from '../../../scripted/scripted-model.js';
import type { FetchLike } from '../../../src/wire/types.js';
import { MEASURED_MODEL_IDS, profileFor } from '../../../src/profiles/profiles.js';
import type { ChatMessage, ChatRequest } from '../../../src/wire/types.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    age: { type: 'integer', minimum: 0 },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
    role: { enum: ['admin', 'user'] },
  },
  required: ['name', 'age', 'tags', 'role'],
  additionalProperties: false,
};
const expected = { name: 'example', age: 1, tags: ['example'], role: 'admin' };
const messages: ChatMessage[] = [{ role: 'user', content: 'Extract the person from: Ada, 36, admin.' }];

/** A client over the scripted model that also records each request body. */
function scriptedClient(fetchFn: FetchLike = createScriptedModel({ pace: 0 })) {
  const sent: ChatRequest[] = [];
  const client = createChatClient({
    baseURL: 'http://scripted.local/v1',
    fetch: async (input, init) => {
      sent.push(JSON.parse(String(init?.body)) as ChatRequest);
      return fetchFn(input, init);
    },
  });
  return { client, sent };
}

function allText(request: ChatRequest): string {
  return request.messages.map((m) => m.content ?? '').join('\n');
}

describe('requestStructured against the seven scripted profiles', () => {
  const outcomes: Record<string, { format: string; attempts: number; reasoning: 'some' | 'none' }> = {
    'gpt-4.1-mini': { format: 'json_schema', attempts: 1, reasoning: 'none' },
    'gemini-3.1-flash-lite': { format: 'json_schema', attempts: 1, reasoning: 'none' },
    'grok-4.3': { format: 'json_schema', attempts: 1, reasoning: 'some' },
    // The JSON comes after a <think> block: stripped, and its text becomes the reasoning.
    'gpt-5.4-mini': { format: 'json_schema', attempts: 1, reasoning: 'some' },
    'qwen3.6-plus': { format: 'json_schema', attempts: 1, reasoning: 'some' },
    // response_format is ignored: no response_format is sent, the schema is in the prompt, and
    // the answer is loose-parsed out of the fenced block of its Markdown reply.
    'claude-haiku-4-5': { format: 'prompt', attempts: 1, reasoning: 'none' },
    // json_schema would be ignored (prose): json_object is honoured.
    'glm-5.1': { format: 'json_object', attempts: 1, reasoning: 'some' },
  };
  for (const model of MEASURED_MODEL_IDS) {
    it(`${model}: the right object on the ${outcomes[model].format} rung`, async () => {
      const { client, sent } = scriptedClient();
      const result = await requestStructured(client, { model, schema, messages });
      expect(result.value).toEqual(expected);
      expect(result.format).toBe(outcomes[model].format);
      expect(result.attempts).toBe(outcomes[model].attempts);
      expect(result.reasoning !== '').toBe(outcomes[model].reasoning === 'some');
      expect(sent).toHaveLength(result.attempts);
      for (const request of sent) expect(allText(request)).toMatch(/JSON/);
      expect(sent[0].response_format?.type ?? 'prompt').toBe(outcomes[model].format);
      if (model === 'gpt-4.1-mini')
        expect(sent[0].response_format).toMatchObject({ json_schema: { strict: true, schema } });
    });
  }

  for (const model of ['gateway-reasoning', 'inline-think', 'scripted', 'some-unknown-model']) {
    it(`${model}: the right object too`, async () => {
      const { client } = scriptedClient();
      const result = await requestStructured(client, { model, schema, messages });
      expect(result.value).toEqual(expected);
      expect(result.format).toBe(model === 'scripted' ? 'json_schema' : 'json_object');
      // inline-think's <think> block is stripped from the JSON and returned as reasoning.
      if (model === 'inline-think')
        expect(result.reasoning).toBe('The user wants structured data. I will fill every field the schema asks for.');
    });
  }

  it('`scripted:<id>` climbs the ladder of the emulated model (glm-5.1: json_object at once)', async () => {
    const { client, sent } = scriptedClient();
    const result = await requestStructured(client, { model: 'scripted:glm-5.1', schema, messages });
    expect(result).toMatchObject({ value: expected, format: 'json_object', attempts: 1 });
    expect(sent[0].response_format).toEqual({ type: 'json_object' });
  });

  it('claude-haiku-4-5 answers Markdown, not bare JSON', async () => {
    const { client } = scriptedClient();
    const result = await requestStructured(client, { model: 'claude-haiku-4-5', schema, messages });
    expect(result.content).toContain('```json');
    expect(result.content.trimStart().startsWith('{')).toBe(false);
  });

  it('glm-5.1 forced onto json_schema answers prose; the repair drops to json_object and succeeds', async () => {
    const { client, sent } = scriptedClient();
    const result = await requestStructured(client, { model: 'glm-5.1', schema, messages, format: 'json_schema' });
    expect(result).toMatchObject({ value: expected, format: 'json_object', attempts: 2 });
    expect(sent[1].messages.at(-2)).toMatchObject({ role: 'assistant' });
    expect(String(sent[1].messages.at(-2)?.content)).not.toMatch(/[{[]/);
    expect(String(sent[1].messages.at(-1)?.content)).toContain('no JSON value');
  });

  it('puts the instruction after the leading system messages', async () => {
    const { client, sent } = scriptedClient();
    await requestStructured(client, {
      model: 'gpt-4.1-mini',
      schema,
      messages: [{ role: 'system', content: 'Be terse.' }, ...messages],
    });
    expect(sent[0].messages.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    expect(sent[0].messages[1].content).toContain('JSON Schema');
  });
});

describe('the ladder', () => {
  it('falls back a rung on a 400 about response_format', async () => {
    const scripted = createScriptedModel({ pace: 0 });
    const rejecting: FetchLike = async (input, init) => {
      const body = JSON.parse(String(init?.body)) as ChatRequest;
      if (body.response_format?.type === 'json_schema') {
        return new Response(
          JSON.stringify({
            error: {
              message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
              type: 'invalid_request_error',
              param: 'response_format',
              code: null,
            },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        );
      }
      return scripted(input, init);
    };
    const { client, sent } = scriptedClient(rejecting);
    const result = await requestStructured(client, { model: 'gpt-4.1-mini', schema, messages });
    expect(result).toMatchObject({ value: expected, format: 'json_object', attempts: 2 });
    expect(sent.map((r) => r.response_format?.type)).toEqual(['json_schema', 'json_object']);
  });

  it('does not fall back on other errors: request-failed with the ChatError as cause', async () => {
    const { client } = scriptedClient(createScriptedModel({ pace: 0, faults: ['http-500-once'] }));
    const error = await requestStructured(client, { model: 'gpt-4.1-mini', schema, messages }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StructuredOutputError);
    expect(error).toMatchObject({ code: 'request-failed', attempts: 1, format: 'json_schema' });
    expect((error as Error).cause).toMatchObject({ code: 'http', status: 500 });
  });

  it('repairs once, quoting the validation error', async () => {
    const { client, sent } = scriptedClient(createScriptedModel({ pace: 0, faults: ['invalid-structured'] }));
    const result = await requestStructured(client, { model: 'qwen3.6-plus', schema, messages });
    expect(result).toMatchObject({ value: expected, attempts: 2, format: 'json_schema' });
    const repair = String(sent[1].messages.at(-1)?.content);
    expect(repair).toContain('$.name: required but missing');
  });

  it('the repair request resends the reply without its <think> prefix: reasoning never goes back', async () => {
    const { client, sent } = scriptedClient(createScriptedModel({ pace: 0, faults: ['invalid-structured'] }));
    const result = await requestStructured(client, { model: 'gpt-5.4-mini', schema, messages });
    expect(result).toMatchObject({ value: expected, attempts: 2 });
    const resent = sent[1].messages.find((m) => m.role === 'assistant');
    expect(String(resent?.content)).not.toContain('<think>');
    expect(JSON.parse(String(resent?.content))).not.toEqual(expected); // the broken answer it is asked to repair
  });

  it('fails with a typed error carrying the raw content when the repair does not help', async () => {
    const { client, sent } = scriptedClient();
    const validate = (v: unknown) => ((v as { age?: number }).age === 36 ? true : 'age must be 36');
    const error = (await requestStructured(client, {
      model: 'gemini-3.1-flash-lite',
      schema,
      messages,
      validate,
    }).catch((e: unknown) => e)) as StructuredOutputError;
    expect(error).toBeInstanceOf(StructuredOutputError);
    expect(error.code).toBe('invalid');
    expect(error.problem).toBe('age must be 36');
    expect(JSON.parse(error.content)).toEqual(expected);
    expect(error.attempts).toBe(2);
    expect(String(sent[1].messages.at(-1)?.content)).toContain('age must be 36');
  });

  it('a validator that throws counts as a failed validation, not a crash', async () => {
    const { client } = scriptedClient();
    const error = await requestStructured(client, {
      model: 'gpt-4.1-mini',
      schema,
      messages,
      validate: () => {
        throw new Error('boom');
      },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid', problem: 'boom' });
  });

  it('no-json when even the repair has no JSON (glm on the prompt rung answers prose)', async () => {
    const { client } = scriptedClient();
    const error = (await requestStructured(client, { model: 'glm-5.1', schema, messages, format: 'prompt' }).catch(
      (e: unknown) => e,
    )) as StructuredOutputError;
    expect(error).toMatchObject({ code: 'no-json', attempts: 2, format: 'prompt' });
    expect(error.content).toMatch(/^Sure\./);
  });

  it('rejects unusable options with a coded error', async () => {
    const { client } = scriptedClient();
    await expect(requestStructured(client, { model: '', schema, messages })).rejects.toMatchObject({
      code: 'invalid-options',
    });
    await expect(requestStructured(client, { model: 'x', schema, messages: [] })).rejects.toMatchObject({
      code: 'invalid-options',
    });
    await expect(requestStructured(client, { model: 'x', schema: [] as never, messages })).rejects.toMatchObject({
      code: 'invalid-options',
    });
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.properties = { self: cyclic };
    await expect(requestStructured(client, { model: 'x', schema: cyclic, messages })).rejects.toMatchObject({
      code: 'invalid-options',
      message: expect.stringContaining('schema must be plain JSON'),
    });
  });

  it('picks the starting rung from the profile; unknown models use json_object', () => {
    expect(structuredFormatFor(profileFor('some-new-model'))).toBe('json_object');
    expect(structuredFormatFor(profileFor('claude-haiku-4-5'))).toBe('prompt');
  });
});

describe('checkJsonSchema', () => {
  it('reports the first problem with its path', () => {
    expect(checkJsonSchema(expected, schema)).toBeUndefined();
    expect(checkJsonSchema({ ...expected, age: 'x' }, schema)).toBe('$.age: expected integer, got string');
    expect(checkJsonSchema({ ...expected, age: 1.5 }, schema)).toBe('$.age: expected integer, got number');
    expect(checkJsonSchema({ ...expected, tags: [] }, schema)).toBe('$.tags: fewer than 1 items');
    expect(checkJsonSchema({ ...expected, tags: [1] }, schema)).toBe('$.tags[0]: expected string, got number');
    expect(checkJsonSchema({ ...expected, role: 'root' }, schema)).toBe('$.role: expected one of "admin", "user"');
    expect(checkJsonSchema({ ...expected, extra: 1 }, schema)).toBe(
      '$.extra: not allowed (additionalProperties is false)',
    );
    expect(checkJsonSchema([], schema)).toBe('$: expected object, got array');
    expect(checkJsonSchema(null, { type: ['string', 'null'] })).toBeUndefined();
    expect(checkJsonSchema(3, { anyOf: [{ type: 'string' }, { type: 'integer' }] })).toBeUndefined();
  });
});
