// A minimal OpenAI-compatible client over any fetch-compatible function (the global fetch, a
// proxy's, or the in-process scripted model's).
import { abortedError, untilAborted } from './abort.js';
import { describeError } from './describe-error.js';
import { ChatError } from './errors.js';
import { httpError } from './http-error.js';
import { readChatCompletion } from './read-chat-completion.js';
import { readChatResponse } from './read-chat-completion-stream.js';
import type { ChatClient, ChatCompletionResult, ChatRequest, ChatStreamEvent, FetchLike } from './types.js';

/** The part of `fetch` the client uses. */

export interface ChatClientOptions {
  /** e.g. `https://api.openai.com/v1`; the client POSTs to `${baseURL}/chat/completions`. */
  baseURL: string;
  /** Sent as `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Default: the global fetch. */
  fetch?: FetchLike;
  headers?: Record<string, string>;
}

export function createChatClient(options: ChatClientOptions): ChatClient {
  if (typeof options?.baseURL !== 'string' || options.baseURL === '') {
    throw new TypeError('createChatClient: baseURL must be a non-empty string, e.g. "https://api.openai.com/v1"');
  }
  const url = `${options.baseURL.replace(/\/+$/, '')}/chat/completions`;
  const fetchImpl: FetchLike | undefined = options.fetch ?? (typeof fetch === 'function' ? (input, init) => fetch(input, init) : undefined);
  if (fetchImpl === undefined) throw new TypeError('createChatClient: no global fetch here; pass options.fetch');

  async function post(body: ChatRequest, accept: string, signal: AbortSignal | undefined): Promise<Response> {
    if (signal?.aborted) throw abortedError(signal);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept, ...options.headers };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    try {
      // untilAborted: a fetch that ignores its signal still ends at once.
      return await untilAborted(fetchImpl!(url, { method: 'POST', headers, body: JSON.stringify(body), signal }), signal);
    } catch (error) {
      if (error instanceof ChatError) throw error;
      if (signal?.aborted) throw abortedError(signal);
      throw new ChatError('network', `POST ${url} failed: ${describeError(error)}`, { cause: error });
    }
  }

  return {
    stream(request, streamOptions = {}): AsyncIterable<ChatStreamEvent> {
      const { signal } = streamOptions;
      const body: ChatRequest = {
        ...request,
        stream: true,
        stream_options: { ...request.stream_options, include_usage: true },
      };
      // Each iteration sends the request anew; nothing is sent until then.
      return { [Symbol.asyncIterator]: () => readChatResponse(() => post(body, 'text/event-stream', signal), signal) };
    },

    async complete(request, completeOptions = {}): Promise<ChatCompletionResult> {
      const { signal } = completeOptions;
      const body: ChatRequest = { ...request, stream: false };
      delete body.stream_options;
      const response = await post(body, 'application/json', signal);
      if (response.status >= 400) throw await untilAborted(httpError(response), signal);
      let text: string;
      try {
        text = await untilAborted(response.text(), signal);
      } catch (error) {
        if (error instanceof ChatError) throw error;
        throw new ChatError('network', `reading the response of POST ${url} failed: ${describeError(error)}`, { cause: error });
      }
      return readChatCompletion(text);
    },
  };
}
