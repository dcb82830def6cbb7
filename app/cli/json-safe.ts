/**
 * JSON.stringify loses an Error's message and name; this keeps them along with the typed
 * fields (`code`, `status`, ...) so an NDJSON reader sees the whole error.
 */
export function jsonSafe(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (v instanceof Error ? errorFields(v) : v)));
}

export function errorFields(error: Error): Record<string, unknown> {
  const fields: Record<string, unknown> = { name: error.name, message: error.message };
  for (const [k, v] of Object.entries(error)) if (k !== 'cause' && v !== undefined) fields[k] = v;
  return fields;
}
