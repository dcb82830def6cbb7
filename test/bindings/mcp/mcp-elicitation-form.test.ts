// The elicitation form, pure: a requested schema's fields, a typed value from typed text, and the
// check of an answer against the schema (formats included). A property: any answer built from
// the fields' own choices and ranges fits; one required field left out never does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elicitationFields, elicitationProblem, elicitationValue } from '../../../bindings/mcp/index.js';

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name', minLength: 1, maxLength: 20 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    score: { type: 'number' },
    agree: { type: 'boolean', default: false },
    colour: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] },
    size: {
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
    },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] } },
  },
  required: ['name', 'age'],
};

describe('elicitationFields', () => {
  it('gives each property as a field: kind, label, required, choices, default, format', () => {
    const fields = elicitationFields(SCHEMA);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['name', 'string', true],
      ['email', 'string', false],
      ['age', 'integer', true],
      ['score', 'number', false],
      ['agree', 'boolean', false],
      ['colour', 'choice', false],
      ['size', 'choice', false],
      ['tags', 'choices', false],
    ]);
    expect(fields[0]!.label).toBe('Your name');
    expect(fields[1]!.format).toBe('email');
    expect(fields[4]!.defaultValue).toBe(false);
    expect(fields[5]!.choices).toEqual([
      { value: 'r', label: 'Red' },
      { value: 'g', label: 'Green' },
    ]);
    expect(fields[6]!.choices?.map((c) => c.label)).toEqual(['Small', 'Large']);
    expect(fields[7]!.choices?.map((c) => c.value)).toEqual(['a', 'b', 'c']);
    expect(elicitationFields({ type: 'object' })).toEqual([]);
    expect(elicitationFields('nonsense')).toEqual([]);
  });
});

describe('elicitationValue', () => {
  const field = (name: string) => elicitationFields(SCHEMA).find((f) => f.name === name)!;
  it('reads typed text by the field kind', () => {
    expect(elicitationValue(field('age'), ' 42 ')).toEqual({ ok: true, value: 42 });
    expect(elicitationValue(field('age'), '4.5')).toMatchObject({ ok: false, problem: /whole number/ });
    expect(elicitationValue(field('score'), '4.5')).toEqual({ ok: true, value: 4.5 });
    expect(elicitationValue(field('agree'), 'y')).toEqual({ ok: true, value: true });
    expect(elicitationValue(field('agree'), 'No')).toEqual({ ok: true, value: false });
    expect(elicitationValue(field('agree'), 'maybe')).toMatchObject({ ok: false });
    expect(elicitationValue(field('colour'), '2')).toEqual({ ok: true, value: 'g' });
    expect(elicitationValue(field('colour'), 'red')).toEqual({ ok: true, value: 'r' });
    expect(elicitationValue(field('colour'), 'blue')).toMatchObject({ ok: false, problem: /Red, Green/ });
    expect(elicitationValue(field('tags'), '1, c')).toEqual({ ok: true, value: ['a', 'c'] });
    expect(elicitationValue(field('name'), '  ')).toEqual({ ok: true, value: undefined });
    expect(elicitationValue(field('name'), ' Ada ')).toEqual({ ok: true, value: ' Ada ' });
  });
});

describe('elicitationProblem', () => {
  it('names the first problem: missing, wrong type, out of range, not a choice, not the format', () => {
    expect(elicitationProblem({ name: 'Ada', age: 3 }, SCHEMA)).toBeUndefined();
    expect(elicitationProblem({ age: 3 }, SCHEMA)).toMatch(/name/);
    expect(elicitationProblem({ name: 'Ada', age: '3' }, SCHEMA)).toMatch(/age/);
    expect(elicitationProblem({ name: 'Ada', age: 200 }, SCHEMA)).toMatch(/age/);
    expect(elicitationProblem({ name: 'Ada', age: 3, colour: 'x' }, SCHEMA)).toMatch(/colour/);
    expect(elicitationProblem({ name: 'Ada', age: 3, email: 'not-mail' }, SCHEMA)).toMatch(/email/);
    expect(elicitationProblem({ name: 'Ada', age: 3, email: 'a@b.io' }, SCHEMA)).toBeUndefined();
    expect(elicitationProblem('text', SCHEMA)).toMatch(/object/);
  });

  it('accepts any answer made of the fields own values, and refuses it without a required field', () => {
    const answer = fc.record(
      {
        name: fc.string({ minLength: 1, maxLength: 20 }),
        age: fc.integer({ min: 0, max: 150 }),
        agree: fc.boolean(),
        colour: fc.constantFrom('r', 'g'),
        size: fc.constantFrom('s', 'l'),
        tags: fc.subarray(['a', 'b', 'c']),
        score: fc.double({ noNaN: true, noDefaultInfinity: true }),
      },
      { requiredKeys: ['name', 'age'] },
    );
    fc.assert(
      fc.property(answer, fc.constantFrom('name', 'age'), (content, drop) => {
        expect(elicitationProblem(content, SCHEMA)).toBeUndefined();
        const { [drop]: _gone, ...rest } = content as Record<string, unknown>;
        expect(elicitationProblem(rest, SCHEMA)).toMatch(new RegExp(drop));
      }),
    );
  });
});
