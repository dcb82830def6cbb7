// One POST of a chat request: the wire's body and headers, the key as the wire takes it, and a
// failed fetch as a ChatError.
import { abortedError, untilAborted } from './abort.js';
import { anthropicRequestBody } from './anthropic-request.js';
import type { ChatWire } from './chat-wire.js';
import { describeError } from './describe-error.js';
import { ChatError } from './errors.js';
import { requestBody } from './request-body.js';
import { responsesRequestBody } from './responses-request.js';
import type { ChatRequest, FetchLike } from './types.js';

/** Where and how a client posts: the full URL, the wire, the fetch, the key and extra headers. */
export interface ChatEndpoint {
  url: string;
  wire: ChatWire;
  fetch: FetchLike;
  apiKey: string | undefined;
  headers: Record<string, string> | undefined;
}

/** The version header Anthropic's API requires on every request. */
const ANTHROPIC_VERSION = '2023-06-01';

/** POSTs `request` in the endpoint's wire (`replyTokens`: see ChatRequestOptions); `requestSignal` ends the fetch (the caller's abort, or a timeout). */
export async function postChatRequest(
  endpoint: ChatEndpoint,
  request: ChatRequest,
  accept: string,
  signal: AbortSignal | undefined,
  requestSignal: AbortSignal,
  replyTokens?: number,
): Promise<Response> {
  if (signal?.aborted) throw abortedError(signal);
  const { url, wire } = endpoint;
  const body = wireBody(wire, request, replyTokens);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept,
    ...(wire === 'anthropic-messages' ? { 'anthropic-version': ANTHROPIC_VERSION } : {}),
    ...endpoint.headers,
    ...keyHeaders(wire, endpoint.apiKey),
  };
  try {
    // untilAborted: a fetch that ignores its signal still ends at once.
    return await untilAborted(endpoint.fetch(url, { method: 'POST', headers, body, signal: requestSignal }), signal);
  } catch (error) {
    if (error instanceof ChatError) throw error;
    if (signal?.aborted) throw abortedError(signal);
    throw new ChatError('network', `POST ${url} failed: ${describeError(error)}`, { cause: error });
  }
}

/** The JSON body `wire` takes for `request` (Chat Completions: the request itself). */
function wireBody(wire: ChatWire, request: ChatRequest, replyTokens: number | undefined): string | Blob {
  if (wire === 'anthropic-messages') return requestBody(anthropicRequestBody(request, replyTokens));
  if (wire === 'responses') return requestBody(responsesRequestBody(request));
  return requestBody(request);
}

/** The API key as `wire` takes it (none without a key). */
function keyHeaders(wire: ChatWire, apiKey: string | undefined): Record<string, string> {
  if (!apiKey) return {};
  return wire === 'anthropic-messages' ? { 'x-api-key': apiKey } : { authorization: `Bearer ${apiKey}` };
}
