// A minimal OpenAI-compatible client over any fetch-compatible function (the global fetch, a
// proxy's, or an in-process model double's).
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
import { isChatWire, WIRE_PATHS, type ChatWire } from './chat-wire.js';
import { anthropicRequestBody } from './anthropic-request.js';
import { responsesRequestBody } from './responses-request.js';
import { collectCompletion } from './collect-completion.js';

/** How the client reaches the server, and the limits every request gets unless it sets its own. */
export interface ChatClientOptions extends ChatLimits {
  /**
   * The part before the wire's path, e.g. `https://api.openai.com/v1`: the client POSTs to
   * `${baseURL}/chat/completions`, `${baseURL}/messages` (`https://api.anthropic.com/v1`) or
   * `${baseURL}/responses`.
   */
  baseURL: string;
  /** The API spoken (see {@link ChatWire}). Default `chat-completions`. */
  wire?: ChatWire;
  /** Sent as `Authorization: Bearer <apiKey>`; on `anthropic-messages` as `x-api-key`. */
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
 * A client of an OpenAI-compatible `/chat/completions` endpoint — or, with `wire`, of Anthropic's
 * `/messages` or OpenAI's stateless `/responses` (the same request shape in, the same events out:
 * thinking blocks and reasoning items come as 'reasoning-details' entries, sent back by the next
 * request as they came) — over any fetch-compatible function. `stream()` yields normalized {@link ChatStreamEvent}s (reasoning from
 * `reasoning_content` or `reasoning`, text, tool-call deltas, usage, finish); every failure is a
 * {@link ChatError} with a `code`, thrown after every event that came before it. Throws a
 * TypeError at once for a missing `baseURL`, an unknown `wire`, or when there is no fetch to use.
 *
 * @example
 * ```ts
 * import { createChatClient } from 'agent-turn';
 *
 * const client = createChatClient({ baseURL: 'https://api.example.com/v1', apiKey: process.env.OPENAI_API_KEY });
 * for await (const event of client.stream({ model: 'glm-5.1', messages: [{ role: 'user', content: 'Hi' }] })) {
 *   if (event.type === 'text') process.stdout.write(event.text);
 * }
 * const claude = createChatClient({ wire: 'anthropic-messages', baseURL: 'https://api.anthropic.com/v1', apiKey: process.env.ANTHROPIC_API_KEY });
 * ```
 */
export function createChatClient(options: ChatClientOptions): ChatClient {
  if (typeof options?.baseURL !== 'string' || options.baseURL === '') {
    throw new TypeError('createChatClient: baseURL must be a non-empty string, e.g. "https://api.openai.com/v1"');
  }
  const wire = options.wire ?? 'chat-completions';
  if (!isChatWire(wire)) {
    throw new TypeError(
      `createChatClient: wire must be 'chat-completions', 'anthropic-messages' or 'responses', got ${JSON.stringify(wire)}`,
    );
  }
  const clientLimits = resolveLimits(options, DEFAULT_CHAT_LIMITS, 'createChatClient');
  const url = `${options.baseURL.replace(/\/+$/, '')}${WIRE_PATHS[wire]}`;
  const fetchImpl: FetchLike | undefined =
    options.fetch ?? (typeof fetch === 'function' ? (input, init) => fetch(input, init) : undefined);
  if (fetchImpl === undefined) throw new TypeError('createChatClient: no global fetch here; pass options.fetch');

  /** POSTs `body`; `requestSignal` ends the fetch (the caller's abort, or a timeout). */
  async function post(
    request: ChatRequest,
    accept: string,
    signal: AbortSignal | undefined,
    requestSignal: AbortSignal,
  ): Promise<Response> {
    if (signal?.aborted) throw abortedError(signal);
    const body = wireBody(wire, request);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept,
      ...(wire === 'anthropic-messages' ? { 'anthropic-version': ANTHROPIC_VERSION } : {}),
      ...options.headers,
      ...keyHeaders(wire, options.apiKey),
    };
    try {
      // untilAborted: a fetch that ignores its signal still ends at once.
      return await untilAborted(fetchImpl!(url, { method: 'POST', headers, body, signal: requestSignal }), signal);
    } catch (error) {
      if (error instanceof ChatError) throw error;
      if (signal?.aborted) throw abortedError(signal);
      throw new ChatError('network', `POST ${url} failed: ${describeError(error)}`, { cause: error });
    }
  }

  function limitsOf(requestOptions: ChatRequestOptions, where: string): ResolvedChatLimits {
    return resolveLimits(requestOptions, clientLimits, where);
  }

  /** A stream of one request body; each iteration sends it anew, nothing is sent until then. */
  function streamBody(body: ChatRequest, streamOptions: ChatRequestOptions): AsyncIterable<ChatStreamEvent> {
    const { signal } = streamOptions;
    const limits = limitsOf(streamOptions, 'ChatClient.stream');
    return {
      [Symbol.asyncIterator]: () => {
        const { controller, release } = requestController(signal);
        return readChatResponse(() => post(body, 'text/event-stream', signal, controller.signal), signal, limits, {
          // Left before its body was read (a timeout, an abort, the consumer): end the fetch too.
          discard: () => controller.abort(new ChatError('aborted', 'the request was left before its reply')),
          onFinish: release,
          beforeDecode: streamOptions.beforeDecode,
          wire,
        });
      },
    };
  }

  return {
    stream(request, streamOptions = {}): AsyncIterable<ChatStreamEvent> {
      // The Anthropic and Responses bodies are translated when the request is sent.
      if (wire !== 'chat-completions') return streamBody(withoutNullFields(request), streamOptions);
      return streamBody(
        {
          ...withoutNullFields(request),
          stream: true,
          stream_options: { ...request.stream_options, include_usage: true },
        },
        streamOptions,
      );
    },

    async complete(request, completeOptions = {}): Promise<ChatCompletionResult> {
      // Anthropic and Responses replies are read as streams, whole.
      if (wire !== 'chat-completions')
        return collectCompletion(streamBody(withoutNullFields(request), completeOptions));
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

/** The JSON body `wire` takes for `request` (Chat Completions: the request itself). */
function wireBody(wire: ChatWire, request: ChatRequest): string | Blob {
  if (wire === 'anthropic-messages') return requestBody(anthropicRequestBody(request));
  if (wire === 'responses') return requestBody(responsesRequestBody(request));
  return requestBody(request);
}

/** The version header Anthropic's API requires on every request. */
const ANTHROPIC_VERSION = '2023-06-01';

/** The API key as `wire` takes it (none without a key). */
function keyHeaders(wire: ChatWire, apiKey: string | undefined): Record<string, string> {
  if (!apiKey) return {};
  return wire === 'anthropic-messages' ? { 'x-api-key': apiKey } : { authorization: `Bearer ${apiKey}` };
}
