import { AgentTurnError } from '../errors/agent-turn-error.js';
import { errorMarker, hasErrorMarker } from '../errors/error-marker.js';
import type { ChatErrorCode } from './types.js';

const CHAT_ERROR = /* @__PURE__ */ errorMarker('ChatError');

/** The optional facts of a {@link ChatError}, given to its constructor. */
export interface ChatErrorDetails {
  /** HTTP status, for code 'http'. */
  status?: number;
  /** Whether trying the same request again may succeed (429, 5xx, network, truncated, timeout). */
  retryable?: boolean;
  /** The provider's own message, when it sent one. */
  providerMessage?: string;
  /** The provider's error type/code, when it sent one. */
  providerCode?: string;
  /** How long the server asked to wait before retrying (its Retry-After header), in milliseconds. */
  retryAfterMs?: number;
  cause?: unknown;
}

/**
 * A {@link ChatError} as JSON: what a turn record, a durable journal or a server sends keeps of
 * it, and what {@link ChatError.fromJSON} builds one from again. `JSON.stringify(error)` gives it.
 */
export interface ChatErrorJSON {
  /** Always `'ChatError'` (left out by records written before it was added). */
  name?: 'ChatError';
  code: ChatErrorCode;
  message: string;
  /** HTTP status, for code 'http'. */
  status?: number;
  retryable: boolean;
  providerMessage?: string;
  providerCode?: string;
  retryAfterMs?: number;
}

/**
 * Every failure of the wire layer: a value with a `code`, never a string to parse.
 *
 * @example
 * ```ts
 * const restored = ChatError.fromJSON(JSON.parse(JSON.stringify(error)));
 * restored instanceof ChatError; // true, with the same code, message and facts
 * ```
 */
export class ChatError extends AgentTurnError<ChatErrorCode> {
  static override readonly errorName: string = 'ChatError';
  readonly status?: number;
  readonly retryable: boolean;
  readonly providerMessage?: string;
  readonly providerCode?: string;
  readonly retryAfterMs?: number;

  constructor(code: ChatErrorCode, message: string, details: ChatErrorDetails = {}) {
    super(code, message, { cause: details.cause });
    this.status = details.status;
    this.retryable = details.retryable ?? defaultRetryable(code, details.status);
    this.providerMessage = details.providerMessage;
    this.providerCode = details.providerCode;
    this.retryAfterMs = details.retryAfterMs;
  }

  /** The error's facts as JSON (the cause and the stack are left out). */
  toJSON(): ChatErrorJSON {
    return {
      name: 'ChatError',
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.providerMessage !== undefined ? { providerMessage: this.providerMessage } : {}),
      ...(this.providerCode !== undefined ? { providerCode: this.providerCode } : {}),
      ...(this.retryAfterMs !== undefined ? { retryAfterMs: this.retryAfterMs } : {}),
    };
  }

  /** The ChatError that `json` (from {@link ChatError.toJSON}) stands for. */
  static fromJSON(json: ChatErrorJSON): ChatError {
    const { name: _name, code, message, ...details } = json;
    return new ChatError(code, message, details);
  }
}

function defaultRetryable(code: ChatErrorCode, status: number | undefined): boolean {
  if (code === 'network' || code === 'truncated' || code === 'timeout') return true;
  if (code === 'http' && status !== undefined) return status === 408 || status === 429 || status >= 500;
  return false;
}

/**
 * Whether `value` is a {@link ChatError}, made by any copy of the package (the ESM or CJS build,
 * `agent-turn` or `agent-turn/core`).
 */
export function isChatError(value: unknown): value is ChatError {
  return hasErrorMarker(value, CHAT_ERROR);
}
