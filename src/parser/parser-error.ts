// The stream parser's errors: values with a code, thrown only for misuse of the stream form
// (the pure form reads any input as text and never throws).

import { errorMarker, isMarkedInstance, markError } from '../errors/error-marker.js';

/** What a {@link ParserError} complains about: a chunk after `end()`, or a chunk that is not a string. */
export type ParserErrorCode = 'parser-ended' | 'invalid-chunk';

// Stryker disable next-line StringLiteral: the marker name only has to be the same in every copy of the package, which it is whatever it says
const PARSER_ERROR = /* @__PURE__ */ errorMarker('ParserError');

/** A misuse of the stream parser; `code` says which. */
export class ParserError extends Error {
  override readonly name = 'ParserError';

  /** True for a ParserError made by any copy of the package (ESM or CJS, any entry). */
  static override [Symbol.hasInstance](value: unknown): value is ParserError {
    return isMarkedInstance(this, ParserError, PARSER_ERROR, value);
  }

  constructor(
    readonly code: ParserErrorCode,
    message: string,
  ) {
    super(message);
    markError(this, PARSER_ERROR);
  }
}

/** Names what a caller passed instead of a string chunk, for the `invalid-chunk` message. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'an object';
  return typeof value;
}
