// A small JSON Schema check for structured output: the keywords models are asked to follow
// (type, enum, const, properties, required, additionalProperties, items, sizes, ranges, anyOf,
// oneOf, allOf). Reports the first problem with the path where it is.

import { MAX_JSON_DEPTH, jsonValueDeeperThan } from '../wire/json-depth.js';

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'object':
      return isSchema(value);
    default:
      return typeOf(value) === type;
  }
}

function childPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The first way `value` breaks `schema` ("$.age: expected integer, got string"), or undefined. A
 * value nested deeper than 100 levels is refused with that problem before anything is walked
 * (the walk recurses with the value, and a model controls the depth).
 */
export function checkJsonSchema(value: unknown, schema: unknown, path = '$'): string | undefined {
  if (jsonValueDeeperThan(value, MAX_JSON_DEPTH))
    return `${path}: nested deeper than ${MAX_JSON_DEPTH} levels (the most that is checked); send a flatter value`;
  return check(value, schema, path);
}

function check(value: unknown, schema: unknown, path: string): string | undefined {
  if (!isSchema(schema)) return undefined;
  if (schema.nullable === true && value === null) return undefined;
  const types =
    typeof schema.type === 'string'
      ? [schema.type]
      : Array.isArray(schema.type)
        ? (schema.type as string[])
        : undefined;
  if (types && !types.some((t) => matchesType(value, t)))
    return `${path}: expected ${types.join(' or ')}, got ${typeOf(value)}`;
  if ('const' in schema && !equal(value, schema.const)) return `${path}: expected ${JSON.stringify(schema.const)}`;
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => equal(e, value))) {
    return `${path}: expected one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0 && !options.some((o) => check(value, o, path) === undefined)) {
      return `${path}: matches none of the ${key} alternatives (first: ${check(value, options[0], path)})`;
    }
  }
  if (Array.isArray(schema.allOf)) {
    for (const sub of schema.allOf) {
      const problem = check(value, sub, path);
      if (problem) return problem;
    }
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength)
      return `${path}: shorter than ${schema.minLength} characters`;
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength)
      return `${path}: longer than ${schema.maxLength} characters`;
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      return `${path}: less than the minimum ${schema.minimum}`;
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      return `${path}: more than the maximum ${schema.maximum}`;
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
      return `${path}: not more than ${schema.exclusiveMinimum}`;
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum)
      return `${path}: not less than ${schema.exclusiveMaximum}`;
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      return `${path}: fewer than ${schema.minItems} items`;
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
      return `${path}: more than ${schema.maxItems} items`;
    if (isSchema(schema.items)) {
      for (let i = 0; i < value.length; i++) {
        const problem = check(value[i], schema.items, `${path}[${i}]`);
        if (problem) return problem;
      }
    }
  }
  if (isSchema(value)) {
    const props = isSchema(schema.properties) ? schema.properties : {};
    if (Array.isArray(schema.required)) {
      for (const name of schema.required) {
        if (typeof name === 'string' && !Object.hasOwn(value, name))
          return `${childPath(path, name)}: required but missing`;
      }
    }
    for (const [name, sub] of Object.entries(value)) {
      if (Object.hasOwn(props, name)) {
        const problem = check(sub, props[name], childPath(path, name));
        if (problem) return problem;
      } else if (schema.additionalProperties === false) {
        return `${childPath(path, name)}: not allowed (additionalProperties is false)`;
      } else if (isSchema(schema.additionalProperties)) {
        const problem = check(sub, schema.additionalProperties, childPath(path, name));
        if (problem) return problem;
      }
    }
  }
  return undefined;
}
