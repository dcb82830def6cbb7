// defineTool on its own: the schema it offers, how text parameters become typed arguments, what
// it refuses; and the invariants as properties: coercion gives back every value its schema
// describes, and execute never sees arguments that break the schema.
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { ProtocolError } from '../../../src/protocol/errors.js';
import { coerceParam } from '../../../src/tools/coerce-params.js';
import { defineTool } from '../../../src/tools/define-tool.js';
import type { StandardSchemaV1 } from '../../../src/tools/standard-schema.js';
import { checkJsonSchema } from '../../../src/structured/check-json-schema.js';
import type { ToolUse } from '../../../src/parser/blocks.js';

const use = (params: Record<string, string>): ToolUse => ({
  type: 'tool_use',
  name: 't',
  params,
  partial: false,
  call_id: 'c1',
});
const signal = new AbortController().signal;

describe('defineTool with a zod 4 schema', () => {
  const tool = defineTool({
    name: 'get_weather',
    description: 'Forecast.',
    parameters: z.object({ city: z.string(), days: z.number().int().default(1), tags: z.array(z.string()).optional() }),
    execute: ({ city, days, tags }) => {
      expectTypeOf(city).toEqualTypeOf<string>();
      expectTypeOf(days).toEqualTypeOf<number>();
      expectTypeOf(tags).toEqualTypeOf<string[] | undefined>();
      return JSON.stringify({ city, days, tags });
    },
  });

  it('offers the schema zod gives through Standard JSON Schema, without $schema', () => {
    expect(tool.jsonSchema).toMatchObject({
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['city'],
    });
    expect(tool.jsonSchema).not.toHaveProperty('$schema');
  });

  it('reads text parameters as their types, and zod fills defaults', async () => {
    expect(await tool.parseArguments({ city: 'Oslo', days: '3', tags: '["a","b"]' })).toEqual({
      ok: true,
      args: { city: 'Oslo', days: 3, tags: ['a', 'b'] },
    });
    expect(await tool.parseArguments({ city: 'Oslo' })).toEqual({ ok: true, args: { city: 'Oslo', days: 1 } });
  });

  it('names the field that is wrong, and does not execute', async () => {
    const checked = await tool.parseArguments({ city: 'Oslo', days: '2.5' });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.problem).toMatch(/^days: /);
    const result = await tool.run(use({ days: '2' }), { signal });
    expect(result).toEqual({
      content: expect.stringMatching(/^Invalid arguments for get_weather: city: /),
      isError: true,
    });
  });
});

describe('defineTool with a plain JSON Schema', () => {
  const schema = {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'File' },
      lines: { type: 'integer', minimum: 1 },
      mode: { enum: ['fast', 'slow'] },
      force: { type: 'boolean' },
    },
    required: ['path'],
    additionalProperties: false,
  } as const;
  const runs: unknown[] = [];
  const tool = defineTool({
    name: 'read',
    description: 'Read.',
    parameters: schema,
    execute: (args) => {
      expectTypeOf(args).toEqualTypeOf<{ path: string; lines?: number; mode?: 'fast' | 'slow'; force?: boolean }>();
      runs.push(args);
      return 'ok';
    },
  });

  it('is offered as given', () => {
    expect(tool.jsonSchema).toEqual(schema);
  });

  it('coerces and validates with the common keywords', async () => {
    expect(await tool.parseArguments({ path: 'a', lines: '4', mode: 'fast', force: 'true' })).toEqual({
      ok: true,
      args: { path: 'a', lines: 4, mode: 'fast', force: true },
    });
    expect(await tool.parseArguments({ lines: '4' })).toEqual({ ok: false, problem: 'path: required but missing' });
    expect(await tool.parseArguments({ path: 'a', lines: '0' })).toEqual({
      ok: false,
      problem: 'lines: less than the minimum 1',
    });
    expect(await tool.parseArguments({ path: 'a', mode: 'medium' })).toMatchObject({
      ok: false,
      problem: /^mode: expected one of/,
    });
    expect(await tool.parseArguments({ path: 'a', extra: 'x' })).toMatchObject({
      ok: false,
      problem: /^extra: not allowed/,
    });
    expect(runs).toEqual([]);
  });

  it('refuses a keyword its validator does not check, naming where', () => {
    expect(() =>
      defineTool({
        name: 'x',
        description: '',
        parameters: { type: 'object', properties: { id: { type: 'string', pattern: '^[a-z]+$' } } },
        execute: () => '',
      }),
    ).toThrow(/parameters\.properties\.id\.pattern is not checked/);
  });
});

describe('what defineTool refuses', () => {
  const execute = () => '';
  it.each([
    [
      'a name that is no tag name',
      { name: 'get weather', description: '', parameters: { type: 'object' }, execute },
      /tool name/,
    ],
    [
      'parameters that are not an object schema',
      { name: 'a', description: '', parameters: { type: 'string' }, execute },
      /describe an object/,
    ],
    [
      'a parameter name that is no tag name',
      { name: 'a', description: '', parameters: { type: 'object', properties: { 'a b': {} } }, execute },
      /not a plain tag name/,
    ],
    ['no execute', { name: 'a', description: '', parameters: { type: 'object' } }, /execute must be a function/],
  ])('%s', (_what, config, message) => {
    let thrown: unknown;
    try {
      defineTool(config as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProtocolError);
    expect(thrown).toMatchObject({ code: 'invalid-tool', message: expect.stringMatching(message) });
  });

  it('a Standard Schema that gives no JSON Schema needs jsonSchema', async () => {
    const bare: StandardSchemaV1<unknown, { n: number }> = {
      '~standard': {
        version: 1,
        vendor: 'bare',
        validate: (v) =>
          typeof (v as { n?: unknown })?.n === 'number'
            ? { value: v as { n: number } }
            : { issues: [{ message: 'n must be a number', path: ['n'] }] },
      },
    };
    expect(() => defineTool({ name: 'a', description: '', parameters: bare, execute })).toThrow(
      /pass one as jsonSchema/,
    );
    const tool = defineTool({
      name: 'a',
      description: '',
      parameters: bare,
      jsonSchema: { type: 'object', properties: { n: { type: 'number' } } },
      execute: ({ n }) => String(n + 1),
    });
    expect(await tool.run(use({ n: '41' }), { signal })).toBe('42');
    expect(await tool.run(use({ n: 'x' }), { signal })).toMatchObject({
      content: /n: n must be a number/,
      isError: true,
    });
  });
});

// Values a property schema describes, with that schema; encoded as a tool use carries them (a
// native call's JSON values become text: strings as they are, others JSON-encoded).
const typed = fc.oneof(
  fc.string().map((v) => ({ schema: { type: 'string' }, value: v as unknown })),
  fc
    .double({ noNaN: true, noDefaultInfinity: true })
    .map((v) => ({ schema: { type: 'number' }, value: Object.is(v, -0) ? 0 : v })),
  fc.integer().map((v) => ({ schema: { type: 'integer' }, value: v as unknown })),
  fc.boolean().map((v) => ({ schema: { type: 'boolean' }, value: v as unknown })),
  fc.array(fc.oneof(fc.string(), fc.integer())).map((v) => ({ schema: { type: 'array' }, value: v as unknown })),
  fc
    .dictionary(fc.string(), fc.oneof(fc.string(), fc.boolean()))
    .map((v) => ({ schema: { type: 'object' }, value: v as unknown })),
  fc.constantFrom(null).map((v) => ({ schema: { type: ['integer', 'null'] }, value: v as unknown })),
);
const encode = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

describe('properties', () => {
  it('coercion gives back every value its schema describes, from the text a tool use carries', () => {
    fc.assert(
      fc.property(typed, ({ schema, value }) => {
        expect(coerceParam(encode(value), schema)).toEqual(value);
      }),
    );
  });

  it('execute never runs with arguments that break the schema (plain JSON Schema and zod)', async () => {
    const jsonSchema = {
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: 0, maximum: 9 },
        s: { type: 'string', maxLength: 3 },
        b: { type: 'boolean' },
      },
      required: ['n'],
      additionalProperties: false,
    } as const;
    const zodSchema = z.strictObject({
      n: z.number().int().min(0).max(9),
      s: z.string().max(3).optional(),
      b: z.boolean().optional(),
    });
    const seen: unknown[] = [];
    const plainTool = defineTool({
      name: 'p',
      description: '',
      parameters: jsonSchema,
      execute: (a) => (seen.push(['p', a]), 'ran'),
    });
    const zodTool = defineTool({
      name: 'z',
      description: '',
      parameters: zodSchema,
      execute: (a) => (seen.push(['z', a]), 'ran'),
    });
    const text = fc.oneof(
      fc.string({ maxLength: 5 }),
      fc.integer({ min: -3, max: 12 }).map(String),
      fc.constantFrom('true', 'false', '1.5', ' 4 '),
    );
    const params = fc.dictionary(fc.constantFrom('n', 's', 'b', 'x'), text);
    await fc.assert(
      fc.asyncProperty(params, async (p) => {
        seen.length = 0;
        const plain = await plainTool.run(use(p), { signal });
        const viaZod = await zodTool.run(use(p), { signal });
        for (const [which, args] of seen as [string, unknown][]) {
          if (which === 'p') expect(checkJsonSchema(args, jsonSchema)).toBeUndefined();
          else expect(zodSchema.safeParse(args).success).toBe(true);
        }
        // A run that did not happen told the model why.
        if (plain !== 'ran') expect(plain).toMatchObject({ isError: true, content: /^Invalid arguments for p: / });
        if (viaZod !== 'ran') expect(viaZod).toMatchObject({ isError: true, content: /^Invalid arguments for z: / });
        // Both read the same text the same way: they agree on what may run.
        expect(plain === 'ran').toBe(viaZod === 'ran');
      }),
    );
  });
});
