import { errorMarker, isMarkedInstance, markError } from '../errors/error-marker.js';

/** What a {@link ProtocolError} complains about. */
export type ProtocolErrorCode =
  | 'invalid-name'
  | 'reserved-name'
  | 'unknown-raw-param'
  | 'name-conflict'
  | 'invalid-definition'
  | 'invalid-dialect'
  | 'invalid-tool';

const PROTOCOL_ERROR = /* @__PURE__ */ errorMarker('ProtocolError');

/** A protocol definition that cannot work; `code` says which rule it broke. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';

  /** True for a ProtocolError made by any copy of the package (ESM or CJS, any entry). */
  static override [Symbol.hasInstance](value: unknown): value is ProtocolError {
    return isMarkedInstance(this, ProtocolError, PROTOCOL_ERROR, value);
  }

  constructor(
    readonly code: ProtocolErrorCode,
    message: string,
  ) {
    super(message);
    markError(this, PROTOCOL_ERROR);
  }
}
