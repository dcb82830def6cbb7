// What the setup checks share: a value described for a message, and the small predicates and
// shapes of a check.

/** Fails the check of `option` with `message` (throws). */
export type Fail = (option: string, message: string) => never;

/** Checks an optional setting: absent is fine; present, it must pass `check` (`want` says what it must be). */
export type OptionalCheck = (name: string, check: (v: unknown) => boolean, want: string, value?: unknown) => void;

/** A value as a message names it: "the string \"…\"", "an array", "null", 3, "a function". */
export function describe(value: unknown): string {
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'function' ? 'a function' : typeof value;
}

/** A plain object (not an array, not null). */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A whole number at least `min`. */
export const count =
  (min: number) =>
  (v: unknown): boolean =>
    typeof v === 'number' && Number.isInteger(v) && v >= min;

/** Milliseconds: a finite number, at least 0. */
export const ms = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0;
