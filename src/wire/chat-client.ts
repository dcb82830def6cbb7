// A minimal OpenAI-compatible client over any fetch-compatible function (the global fetch, a
// proxy's, or the in-process scripted model's).
import { abortedError, untilAborted } from './abort.js';
import { describeError } from './describe-error.js';
import { ChatError } from './errors.js';
import { httpError } from './http-error.js';
import { DEFAULT_CHAT_LIMITS, resolveLimits, type ChatLimits, type ResolvedChatLimits } from './limits.js';
import { readChatCompletion } from './read-chat-completion.js';
import { readChatResponse, readCompletionBody } from './read-chat-completion-stream.js';
import type {
  ChatClient,
  ChatCompletionResult,
  ChatRequest,
  ChatRequestOptions,
  ChatStreamEvent,
  FetchLike,
} from './types.js';
import { Watchdog } from './watchdog.js';
import { requestBody } from './request-body.js';
import { withoutNullFields } from './without-null-fields.js';

/** How the client reaches the server, and the limits every request gets unless it sets its own. */
export interface ChatClientOptions extends ChatLimits {
  /** e.g. `https://api.openai.com/v1`; the client POSTs to `${baseURL}/chat/completions`. */
  baseURL: string;
  /** Sent as `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Default: the global fetch. */
  fetch?: FetchLike;
  /** Extra request headers (they may override the defaults). */
  headers?: Record<string, string>;
}

/** An AbortController for one request that follows the caller's signal. */
function requestController(signal: AbortSignal | undefined): { controller: AbortController; release: () => void } {
  const controller = new AbortController();
  if (signal === undefined) return { controller, release: () => {} };
  const follow = () => controller.abort(signal.reason);
  if (signal.aborted) follow();
  else signal.addEventListener('abort', follow, { once: true });
  return { controller, release: () => signal.removeEventListener('abort', follow) };
}

/**
 * A client of an OpenAI-compatible `/chat/completions` endpoint over any fetch-compatible
 * function. `stream()` yields normalized {@link ChatStreamEvent}s (reasoning from
 * `reasoning_content` or `reasoning`, text, tool-call deltas, usage, finish); every failure is a
 * {@link ChatError} with a `code`, thrown after every event that came before it. Throws a
 * TypeError at once for a missing `baseURL`, or when there is no fetch to use.
 *
 * @example
 * ```ts
 * import { createChatClient } from 'agent-turn';
 *
 * const client = createChatClient({ baseURL: 'https://api.example.com/v1', apiKey: process.env.OPENAI_API_KEY });
 * for await (const event of client.stream({ model: 'glm-5.1', messages: [{ role: 'user', content: 'Hi' }] })) {
 *   if (event.type === 'text') process.stdout.write(event.text);
 * }
 * ```
 */
export function createChatClient(options: ChatClientOptions): ChatClient {
  if (typeof options?.baseURL !== 'string' || options.baseURL === '') {
    throw new TypeError('createChatClient: baseURL must be a non-empty string, e.g. "https://api.openai.com/v1"');
  }
  const clientLimits = resolveLimits(options, DEFAULT_CHAT_LIMITS, 'createChatClient');
  const url = `${options.baseURL.replace(/\/+$/, '')}/chat/completions`;
  const fetchImpl: FetchLike | undefined =
    options.fetch ?? (typeof fetch === 'function' ? (input, init) => fetch(input, init) : undefined);
  if (fetchImpl === undefined) throw new TypeError('createChatClient: no global fetch here; pass options.fetch');

  /** POSTs `body`; `requestSignal` ends the fetch (the caller's abort, or a timeout). */
  async function post(
    body: ChatRequest,
    accept: string,
    signal: AbortSignal | undefined,
    requestSignal: AbortSignal,
  ): Promise<Response> {
    if (signal?.aborted) throw abortedError(signal);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept, ...options.headers };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    try {
      // untilAborted: a fetch that ignores its signal still ends at once.
      return await untilAborted(
        fetchImpl!(url, { method: 'POST', headers, body: requestBody(body), signal: requestSignal }),
        signal,
      );
    } catch (error) {
      if (error instanceof ChatError) throw error;
      if (signal?.aborted) throw abortedError(signal);
      throw new ChatError('network', `POST ${url} failed: ${describeError(error)}`, { cause: error });
    }
  }

  function limitsOf(requestOptions: ChatRequestOptions, where: string): ResolvedChatLimits {
    return resolveLimits(requestOptions, clientLimits, where);
  }

  return {
    stream(request, streamOptions = {}): AsyncIterable<ChatStreamEvent> {
      const { signal } = streamOptions;
      const limits = limitsOf(streamOptions, 'ChatClient.stream');
      const body: ChatRequest = {
        ...withoutNullFields(request),
        stream: true,
        stream_options: { ...request.stream_options, include_usage: true },
      };
      // Each iteration sends the request anew; nothing is sent until then.
      return {
        [Symbol.asyncIterator]: () => {
          const { controller, release } = requestController(signal);
          return readChatResponse(() => post(body, 'text/event-stream', signal, controller.signal), signal, limits, {
            // Left before its body was read (a timeout, an abort, the consumer): end the fetch too.
            discard: () => controller.abort(new ChatError('aborted', 'the request was left before its reply')),
            onFinish: release,
            beforeDecode: streamOptions.beforeDecode,
          });
        },
      };
    },

    async complete(request, completeOptions = {}): Promise<ChatCompletionResult> {
      const { signal } = completeOptions;
      const limits = limitsOf(completeOptions, 'ChatClient.complete');
      const body: ChatRequest = { ...withoutNullFields(request), stream: false };
      delete body.stream_options;
      const { controller, release } = requestController(signal);
      const watchdog = new Watchdog(
        limits,
        () => 'part of the body',
        () => controller.abort(new ChatError('aborted', 'timed out')),
      );
      try {
        const response = await watchdog.guard(post(body, 'application/json', signal, controller.signal));
        if (response.status >= 400) throw await watchdog.guard(untilAborted(httpError(response), signal));
        const text = await watchdog.guard(readCompletionBody(response, limits, signal, () => watchdog.touch()));
        return readChatCompletion(text);
      } catch (error) {
        if (error instanceof ChatError) throw error;
        throw new ChatError('network', `reading the response of POST ${url} failed: ${describeError(error)}`, {
          cause: error,
        });
      } finally {
        watchdog.stop();
        release();
      }
    },
  };
}
