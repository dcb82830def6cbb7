// A request's top-level fields set to null are not sent: `max_tokens: null` or `temperature: null`
// (what a settings form gives for an empty field) would be refused by strict providers as a wrong
// type, and means "not set" to everyone else.

/** The request without its top-level null fields (the same object when it has none). */
export function withoutNullFields<T extends object>(request: T): T {
  const entries = Object.entries(request);
  if (!entries.some(([, v]) => v === null)) return request;
  return Object.fromEntries(entries.filter(([, v]) => v !== null)) as T;
}
