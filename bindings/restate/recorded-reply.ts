// A model reply as a journal records it: every stream event, and the error that ended the stream
// if one did, as plain JSON (a ChatError is a class; the journal keeps its facts and the replay
// builds it again).
import { isChatError, type ChatErrorJSON } from '../../src/wire/errors.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';
import { describeError } from '../../src/errors/describe-error.js';

/** One model request's complete reply: what the stream gave, and how it ended. */
export interface RecordedReply {
  events: ChatStreamEvent[];
  error?: ChatErrorJSON;
}

/** The JSON facts of any error the stream threw (a non-ChatError is a network-level fault). */
export function recordChatError(error: unknown): ChatErrorJSON {
  if (isChatError(error)) return error.toJSON();
  return { code: 'network', message: describeError(error), retryable: true };
}
