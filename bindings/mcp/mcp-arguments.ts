// An MCP call's arguments from a tool use, checked against the tool's input schema before anything
// is sent: tag mode carries them as JSON text in `arguments`; a native call's params hold strings
// as they are and other values JSON-encoded (src/reply/native-tool-calls.ts), so they are decoded
// by the schema's types.
import { checkJsonSchema } from '../../src/structured/check-json-schema.js';

/** The arguments, or what is wrong with them (said to the model as the tool's error). */
export type McpArguments = { ok: true; value: Record<string, unknown> } | { ok: false; problem: string };

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Tag mode: `arguments` is a JSON object (absent or blank: no arguments). */
export function argumentsFromJson(text: string | undefined): McpArguments {
  if (text === undefined || text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `arguments is not valid JSON (${(error as Error).message}); write a JSON object` };
  }
  if (!isRecord(value)) return { ok: false, problem: 'arguments must be a JSON object, e.g. {"name": "value"}' };
  return { ok: true, value };
}

function propertyTypes(schema: unknown, key: string): string[] | undefined {
  if (!isRecord(schema) || !isRecord(schema.properties)) return undefined;
  const prop = schema.properties[key];
  if (!isRecord(prop)) return undefined;
  if (typeof prop.type === 'string') return [prop.type];
  if (Array.isArray(prop.type)) return prop.type.filter((t): t is string => typeof t === 'string');
  return undefined;
}

/** Native mode: each param decoded by its schema type (a string-typed one stays as it is). */
export function argumentsFromParams(params: Readonly<Record<string, string>>, schema: unknown): McpArguments {
  const value: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(params)) {
    const types = propertyTypes(schema, key);
    const keepString = types === undefined ? !/^\s*[[{]/.test(raw) : types.length === 1 && types[0] === 'string';
    if (keepString) {
      value[key] = raw;
      continue;
    }
    try {
      value[key] = JSON.parse(raw);
    } catch {
      value[key] = raw; // left for the schema check to name
    }
  }
  return { ok: true, value };
}

/** The first way the arguments break the tool's input schema, as a sentence for the model; undefined when they fit. */
export function argumentProblem(args: Record<string, unknown>, schema: unknown): string | undefined {
  const problem = checkJsonSchema(args, schema, 'arguments');
  return problem === undefined ? undefined : `${problem}`;
}
