export type ProtocolErrorCode = 'invalid-name' | 'reserved-name' | 'unknown-raw-param' | 'name-conflict' | 'invalid-definition';

/** A protocol definition that cannot work; `code` says which rule it broke. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  constructor(
    readonly code: ProtocolErrorCode,
    message: string,
  ) {
    super(message);
  }
}
