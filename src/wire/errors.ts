import { errorMarker, hasErrorMarker, isMarkedInstance, markError } from '../errors/error-marker.js';
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

/** Every failure of the wire layer: a value with a `code`, never a string to parse. */
export class ChatError extends Error {
  override readonly name = 'ChatError';
  readonly code: ChatErrorCode;
  readonly status?: number;
  readonly retryable: boolean;
  readonly providerMessage?: string;
  readonly providerCode?: string;
  readonly retryAfterMs?: number;

  /** True for a ChatError made by any copy of the package (ESM or CJS, `agent-turn` or `agent-turn/core`). */
  static override [Symbol.hasInstance](value: unknown): value is ChatError {
    return isMarkedInstance(this, ChatError, CHAT_ERROR, value);
  }

  constructor(code: ChatErrorCode, message: string, details: ChatErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    markError(this, CHAT_ERROR);
    this.code = code;
    this.status = details.status;
    this.retryable = details.retryable ?? defaultRetryable(code, details.status);
    this.providerMessage = details.providerMessage;
    this.providerCode = details.providerCode;
    this.retryAfterMs = details.retryAfterMs;
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
