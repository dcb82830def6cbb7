// The stream parser's errors: values with a code, thrown only for misuse of the stream form
// (the pure form reads any input as text and never throws).

import { AgentTurnError } from '../errors/agent-turn-error.js';

/** What a {@link ParserError} complains about: a chunk after `end()`, or a chunk that is not a string. */
export type ParserErrorCode = 'parser-ended' | 'invalid-chunk';

/** A misuse of the stream parser; `code` says which. */
export class ParserError extends AgentTurnError<ParserErrorCode> {
  // Stryker disable next-line StringLiteral: the name only has to be the same in every copy of the package, which it is whatever it says
  static override readonly errorName: string = 'ParserError';
}

/** Names what a caller passed instead of a string chunk, for the `invalid-chunk` message. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'an object';
  return typeof value;
}
