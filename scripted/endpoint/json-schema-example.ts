// A deterministic value that satisfies a JSON Schema (the common keywords): what the scripted
// model answers when asked for structured output.
import { checkJsonSchema } from '../../src/structured/check-json-schema.js';

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function firstType(schema: Schema): string | undefined {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return (t.find((x) => x !== 'null') ?? t[0]) as string | undefined;
  if (isSchema(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

function exampleString(schema: Schema): string {
  switch (schema.format) {
    case 'date':
      return '2026-01-01';
    case 'date-time':
      return '2026-01-01T00:00:00Z';
    case 'email':
      return 'ada@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com/';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
  }
  let s = 'example';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  while (s.length < min) s += 'x';
  return s.slice(0, Math.max(min, Math.min(s.length, max)));
}

function exampleNumber(schema: Schema, integer: boolean): number {
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + 1
        : undefined;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - 1
        : undefined;
  let n = integer ? 1 : 1.5;
  if (min !== undefined && n < min) n = integer ? Math.ceil(min) : min;
  if (max !== undefined && n > max) n = integer ? Math.floor(max) : max;
  return n;
}

/** A value valid for `schema`; schemas it does not understand give a plain string. */
export function exampleForSchema(schema: unknown, depth = 0): unknown {
  if (!isSchema(schema) || depth > 12) return 'example';
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) return exampleForSchema(options[0], depth + 1);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    // Every part must hold: objects (the usual use) are merged, other values come from the first part.
    const parts = schema.allOf.map((part) => exampleForSchema(part, depth + 1));
    return parts.every(isSchema) ? Object.assign({}, ...parts) : parts[0];
  }
  switch (firstType(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const props = isSchema(schema.properties) ? schema.properties : {};
      for (const [name, sub] of Object.entries(props)) out[name] = exampleForSchema(sub, depth + 1);
      // A required name the schema does not describe still has to be there.
      if (Array.isArray(schema.required))
        for (const name of schema.required)
          if (typeof name === 'string' && !Object.hasOwn(out, name)) out[name] = 'example';
      return out;
    }
    case 'array': {
      const count = typeof schema.minItems === 'number' ? Math.max(1, schema.minItems) : 1;
      const limit = typeof schema.maxItems === 'number' ? Math.min(count, schema.maxItems) : count;
      return Array.from({ length: limit }, () => exampleForSchema(schema.items, depth + 1));
    }
    case 'string':
      return exampleString(schema);
    case 'integer':
      return exampleNumber(schema, true);
    case 'number':
      return exampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'example';
  }
}

/** Values of every JSON type: one of them has the wrong type for any typed schema. */
const WRONG_VALUES: readonly unknown[] = [0, 'not the expected value', true, null, [], {}];

/**
 * A value that breaks `schema` (for fault injection): required fields left out, else a field
 * of the wrong type, else a value of the wrong type. Each candidate is checked, so a schema
 * whose fields are all optional is broken too; one that accepts anything gets `{ unexpected: true }`.
 */
export function counterexampleForSchema(schema: unknown): unknown {
  const candidates: unknown[] = [];
  if (isSchema(schema) && firstType(schema) === 'object') {
    const full = exampleForSchema(schema) as Record<string, unknown>;
    const required = Array.isArray(schema.required)
      ? schema.required.filter((n): n is string => typeof n === 'string')
      : [];
    if (required.length > 0) {
      const without = { ...full };
      for (const name of required) delete without[name];
      candidates.push(without);
    }
    for (const name of Object.keys(full)) for (const wrong of WRONG_VALUES) candidates.push({ ...full, [name]: wrong });
  }
  candidates.push({ unexpected: true }, ...WRONG_VALUES);
  return candidates.find((value) => checkJsonSchema(value, schema) !== undefined) ?? { unexpected: true };
}
