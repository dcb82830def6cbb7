/**
 * An Error as JSON keeps nothing but `{}`: these are the fields an NDJSON reader should see —
 * name, message and the typed fields (`code`, `status`, ...), without the cause.
 */
export function errorFields(error: Error): Record<string, unknown> {
  const fields: Record<string, unknown> = { name: error.name, message: error.message };
  for (const [k, v] of Object.entries(error)) if (k !== 'cause' && v !== undefined) fields[k] = v;
  return fields;
}
