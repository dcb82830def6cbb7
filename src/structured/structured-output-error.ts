import type { StructuredFormat } from './structured-format.js';
import { errorMarker, isMarkedInstance, markError } from '../errors/error-marker.js';

/** What a {@link StructuredOutputError} reports. */
export type StructuredOutputErrorCode =
  /** The options were unusable (no model, no messages, a schema that is not an object). */
  | 'invalid-options'
  /** The request failed (the ChatError is the cause), and no lower rung of the ladder was left. */
  | 'request-failed'
  /** The final reply held no JSON value. */
  | 'no-json'
  /** The final reply's JSON broke the schema or the validator. */
  | 'invalid';

const STRUCTURED_OUTPUT_ERROR = /* @__PURE__ */ errorMarker('StructuredOutputError');

/** Structured output that could not be had; carries the model's raw reply for inspection. */
export class StructuredOutputError extends Error {
  override readonly name = 'StructuredOutputError';
  readonly code: StructuredOutputErrorCode;
  /** The last reply's raw content ('' when no reply came). */
  readonly content: string;
  /** What was wrong with it (validation message), when there was a reply. */
  readonly problem?: string;
  readonly attempts: number;
  readonly format?: StructuredFormat;

  /** True for a StructuredOutputError made by any copy of the package (ESM or CJS, any entry). */
  static override [Symbol.hasInstance](value: unknown): value is StructuredOutputError {
    return isMarkedInstance(this, StructuredOutputError, STRUCTURED_OUTPUT_ERROR, value);
  }

  constructor(
    code: StructuredOutputErrorCode,
    message: string,
    details: { content?: string; problem?: string; attempts?: number; format?: StructuredFormat; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    markError(this, STRUCTURED_OUTPUT_ERROR);
    this.code = code;
    this.content = details.content ?? '';
    this.problem = details.problem;
    this.attempts = details.attempts ?? 0;
    this.format = details.format;
  }
}
