// A model reply as a journal records it: every stream event, and the error that ended the stream
// if one did, as plain JSON (a ChatError is a class; the journal keeps its facts and the replay
// builds it again).
import { ChatError, isChatError } from '../../src/wire/errors.js';
import type { ChatErrorCode, ChatStreamEvent } from '../../src/wire/types.js';
import { describeError } from '../../src/errors/describe-error.js';

/** The facts of a ChatError, as JSON. */
export interface RecordedChatError {
  code: ChatErrorCode;
  message: string;
  status?: number;
  retryable: boolean;
  providerMessage?: string;
  providerCode?: string;
  retryAfterMs?: number;
}

/** One model request's complete reply: what the stream gave, and how it ended. */
export interface RecordedReply {
  events: ChatStreamEvent[];
  error?: RecordedChatError;
}

/** The JSON facts of any error the stream threw (a non-ChatError is a network-level fault). */
export function recordChatError(error: unknown): RecordedChatError {
  if (isChatError(error)) {
    return {
      code: error.code,
      message: error.message,
      retryable: error.retryable,
      ...(error.status !== undefined ? { status: error.status } : {}),
      ...(error.providerMessage !== undefined ? { providerMessage: error.providerMessage } : {}),
      ...(error.providerCode !== undefined ? { providerCode: error.providerCode } : {}),
      ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
    };
  }
  return { code: 'network', message: describeError(error), retryable: true };
}

/** The ChatError a recorded error stands for. */
export function replayChatError(recorded: RecordedChatError): ChatError {
  const { code, message, ...details } = recorded;
  return new ChatError(code, message, details);
}
