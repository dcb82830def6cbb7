// A tool use's parameters are text: XML tags carry text, and a native call's JSON values are kept
// as text too (strings as they are, other values JSON-encoded). A tool with a schema wants its
// arguments typed: each value is read back as the type its property's schema asks for.
import { MAX_JSON_DEPTH, jsonTextDepth } from '../wire/json-depth.js';
import type { JsonSchema, JsonSchemaTypeName } from './json-schema-types.js';

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The type names a property schema allows, its `anyOf` / `oneOf` alternatives' included (zod's `.nullable()`). */
function typesOf(schema: unknown): Set<JsonSchemaTypeName> {
  const out = new Set<JsonSchemaTypeName>();
  if (!isObject(schema)) return out;
  const type = schema.type;
  if (typeof type === 'string') out.add(type as JsonSchemaTypeName);
  else if (Array.isArray(type)) for (const t of type) out.add(t as JsonSchemaTypeName);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const alternatives = schema[key];
    if (Array.isArray(alternatives)) for (const alt of alternatives) for (const t of typesOf(alt)) out.add(t);
  }
  if (out.size === 0 && Array.isArray(schema.enum)) {
    for (const e of schema.enum) out.add(e === null ? 'null' : (typeof e as JsonSchemaTypeName));
  }
  return out;
}

function parseJson(text: string): { value: unknown } | undefined {
  if (jsonTextDepth(text) > MAX_JSON_DEPTH) return undefined; // refused by the validation that follows
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * One parameter's text as the type its schema asks for: a number, a boolean, null, or an array
 * or object written as JSON. Text that is none of them stays text (the validation then says what
 * was expected); a schema that allows a string keeps the text as it is.
 */
export function coerceParam(text: string, schema: unknown): unknown {
  const types = typesOf(schema);
  if (types.size === 0 || types.has('string')) return text;
  const trimmed = text.trim();
  if ((types.has('number') || types.has('integer')) && NUMBER.test(trimmed)) return Number(trimmed);
  if (types.has('boolean') && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  if (types.has('null') && trimmed === 'null') return null;
  if (types.has('array') || types.has('object')) {
    const parsed = parseJson(trimmed);
    if (parsed !== undefined) {
      const isArray = Array.isArray(parsed.value);
      if ((isArray && types.has('array')) || (isObject(parsed.value) && types.has('object'))) return parsed.value;
    }
  }
  return text;
}

/** Every parameter read as its property's type (see {@link coerceParam}); parameters the schema does not name stay text. */
export function coerceParams(params: Readonly<Record<string, string>>, schema: JsonSchema): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  // fromEntries: a parameter named __proto__ stays a parameter, never the object's prototype.
  return Object.fromEntries(
    Object.entries(params).map(([name, text]) => [
      name,
      Object.hasOwn(properties, name) ? coerceParam(text, properties[name]) : text,
    ]),
  );
}
