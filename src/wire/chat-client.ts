// A minimal OpenAI-compatible client over any fetch-compatible function (the global fetch, a
// proxy's, or an in-process model double's).
import { AgentTurnOptionsError } from '../errors/agent-turn-options-error.js';
import { type ChatEndpoint, postChatRequest } from './chat-post.js';
import { isChatWire, WIRE_PATHS, type ChatWire } from './chat-wire.js';
import { collectCompletion } from './collect-completion.js';
import { completeChatRequest } from './complete-chat-request.js';
import { DEFAULT_CHAT_LIMITS, resolveLimits, type ChatLimits, type ResolvedChatLimits } from './limits.js';
import { readChatResponse } from './read-chat-completion-stream.js';
import { requestController } from './request-controller.js';
import type {
  ChatClient,
  ChatCompletionResult,
  ChatRequest,
  ChatRequestOptions,
  ChatStreamEvent,
  FetchLike,
} from './types.js';
import { ChatError } from './errors.js';
import { withoutNullFields } from './without-null-fields.js';

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

/**
 * A client of an OpenAI-compatible `/chat/completions` endpoint — or, with `wire`, of Anthropic's
 * `/messages` or OpenAI's stateless `/responses` (the same request shape in, the same events out:
 * thinking blocks and reasoning items come as 'reasoning-details' entries, sent back by the next
 * request as they came) — over any fetch-compatible function. `stream()` yields normalized {@link ChatStreamEvent}s (reasoning from
 * `reasoning_content` or `reasoning`, text, tool-call deltas, usage, finish); every failure is a
 * {@link ChatError} with a `code`, thrown after every event that came before it. Throws an
 * {@link AgentTurnOptionsError} at once for a missing `baseURL`, an unknown `wire`, or when there is no fetch to use.
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
    throw new AgentTurnOptionsError(
      'createChatClient: baseURL must be a non-empty string, e.g. "https://api.openai.com/v1"',
      'baseURL',
    );
  }
  const wire = options.wire ?? 'chat-completions';
  if (!isChatWire(wire)) {
    throw new AgentTurnOptionsError(
      `createChatClient: wire must be 'chat-completions', 'anthropic-messages' or 'responses', got ${JSON.stringify(wire)}`,
      'wire',
    );
  }
  const clientLimits = resolveLimits(options, DEFAULT_CHAT_LIMITS, 'createChatClient');
  const url = `${options.baseURL.replace(/\/+$/, '')}${WIRE_PATHS[wire]}`;
  const fetchImpl: FetchLike | undefined =
    options.fetch ?? (typeof fetch === 'function' ? (input, init) => fetch(input, init) : undefined);
  if (fetchImpl === undefined)
    throw new AgentTurnOptionsError('createChatClient: no global fetch here; pass options.fetch', 'fetch');

  const endpoint: ChatEndpoint = { url, wire, fetch: fetchImpl, apiKey: options.apiKey, headers: options.headers };

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
        return readChatResponse(
          () =>
            postChatRequest(endpoint, body, 'text/event-stream', signal, controller.signal, streamOptions.replyTokens),
          signal,
          limits,
          {
            // Left before its body was read (a timeout, an abort, the consumer): end the fetch too.
            discard: () => controller.abort(new ChatError('aborted', 'the request was left before its reply')),
            onFinish: release,
            beforeDecode: streamOptions.beforeDecode,
            wire,
          },
        );
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
      const limits = limitsOf(completeOptions, 'ChatClient.complete');
      const body: ChatRequest = { ...withoutNullFields(request), stream: false };
      delete body.stream_options;
      return completeChatRequest(endpoint, body, limits, completeOptions.signal);
    },
  };
}
