// A plain JSON Schema as a tool's parameters is checked by a small validator of our own
// (structured/check-json-schema.ts): the common keywords. A schema that leans on a keyword it does
// not check is refused when the tool is defined, never half-enforced.
import { checkJsonSchema } from '../structured/check-json-schema.js';

/** Keywords that constrain a value and that the validator does not check. */
const UNCHECKED = [
  '$ref',
  'pattern',
  'patternProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'not',
  'if',
  'uniqueItems',
  'multipleOf',
  'prefixItems',
  'contains',
  'minProperties',
  'maxProperties',
] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first keyword of `schema` (anywhere inside it) that the validator does not check, with its path; undefined when none. */
export function uncheckedKeyword(schema: unknown, path = 'parameters'): string | undefined {
  if (Array.isArray(schema)) {
    for (let i = 0; i < schema.length; i++) {
      const found = uncheckedKeyword(schema[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isObject(schema)) return undefined;
  for (const keyword of UNCHECKED) if (Object.hasOwn(schema, keyword)) return `${path}.${keyword}`;
  for (const key of ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf'] as const) {
    const found = uncheckedKeyword(schema[key], `${path}.${key}`);
    if (found !== undefined) return found;
  }
  if (isObject(schema.properties)) {
    for (const [name, sub] of Object.entries(schema.properties)) {
      const found = uncheckedKeyword(sub, `${path}.properties.${name}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The first way `args` break the schema, as "days: expected number, got string"; undefined when they fit. */
export function plainSchemaProblem(args: unknown, schema: unknown): string | undefined {
  const problem = checkJsonSchema(args, schema);
  if (problem === undefined) return undefined;
  return problem.startsWith('$.') ? problem.slice(2) : problem.replace(/^\$/, 'arguments');
}
