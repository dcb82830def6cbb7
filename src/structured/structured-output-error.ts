import type { StructuredFormat } from './structured-format.js';
import { AgentTurnError } from '../errors/agent-turn-error.js';

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

/** Structured output that could not be had; carries the model's raw reply for inspection. */
export class StructuredOutputError extends AgentTurnError<StructuredOutputErrorCode> {
  static override readonly errorName: string = 'StructuredOutputError';
  /** The last reply's raw content ('' when no reply came). */
  readonly content: string;
  /** What was wrong with it (validation message), when there was a reply. */
  readonly problem?: string;
  readonly attempts: number;
  readonly format?: StructuredFormat;

  constructor(
    code: StructuredOutputErrorCode,
    message: string,
    details: { content?: string; problem?: string; attempts?: number; format?: StructuredFormat; cause?: unknown } = {},
  ) {
    super(code, message, { cause: details.cause });
    this.content = details.content ?? '';
    this.problem = details.problem;
    this.attempts = details.attempts ?? 0;
    this.format = details.format;
  }
}
