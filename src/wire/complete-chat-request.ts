// A Chat Completions request answered whole (stream: false), under the limits' watchdog.
import { untilAborted } from './abort.js';
import { type ChatEndpoint, postChatRequest } from './chat-post.js';
import { describeError } from './describe-error.js';
import { ChatError } from './errors.js';
import { httpError } from './http-error.js';
import type { ResolvedChatLimits } from './limits.js';
import { readChatCompletion } from './read-chat-completion.js';
import { readCompletionBody } from './read-chat-completion-stream.js';
import { requestController } from './request-controller.js';
import type { ChatCompletionResult, ChatRequest } from './types.js';
import { Watchdog } from './watchdog.js';

/** POSTs `body` (already without streaming) and reads its one JSON answer; every failure is a ChatError. */
export async function completeChatRequest(
  endpoint: ChatEndpoint,
  body: ChatRequest,
  limits: ResolvedChatLimits,
  signal: AbortSignal | undefined,
): Promise<ChatCompletionResult> {
  const { controller, release } = requestController(signal);
  const watchdog = new Watchdog(
    limits,
    () => 'part of the body',
    () => controller.abort(new ChatError('aborted', 'timed out')),
  );
  try {
    const response = await watchdog.guard(
      postChatRequest(endpoint, body, 'application/json', signal, controller.signal),
    );
    if (response.status >= 400) throw await watchdog.guard(untilAborted(httpError(response), signal));
    const text = await watchdog.guard(readCompletionBody(response, limits, signal, () => watchdog.touch()));
    return readChatCompletion(text);
  } catch (error) {
    if (error instanceof ChatError) throw error;
    throw new ChatError('network', `reading the response of POST ${endpoint.url} failed: ${describeError(error)}`, {
      cause: error,
    });
  } finally {
    watchdog.stop();
    release();
  }
}
