// Each wire's error answers, as its provider shapes them: OpenAI's `{ error: { message, type,
// param, code } }` (Chat Completions and Responses) and Anthropic's `{ type: 'error', error:
// { type, message } }` with its status names (529 overloaded_error) and rate-limit headers.
import type { ChatWire } from '../../src/wire/chat-wire.js';
import { errorResponse, jsonResponse } from './scripted-http.js';
import { shortHash } from './scripted-reply.js';

/** What an error answer may say beside its status and message (OpenAI's names). */
export interface ErrorDetails {
  type?: string;
  param?: string | null;
  code?: string | null;
}

/** The error answers the scripted model gives, in one wire's shape. */
export interface WireErrors {
  /** A refusal with `status` and `message` (`details` as far as the wire has them). */
  error(status: number, message: string, details?: ErrorDetails, headers?: Record<string, string>): Response;
  /** The `http-429-once` fault's answer. */
  rateLimited(): Response;
  /** The `http-500-once` fault's answer (Anthropic: 529 overloaded). */
  serverError(): Response;
  /** A prompt longer than the profile's window. */
  contextLength(window: number, promptTokens: number, maxTokens: number | undefined): Response;
  /** The request's model is not one the scripted model knows. */
  modelNotFound(model: string): Response;
}

/** OpenAI's answer to a prompt longer than the window (with max_tokens: the sum it was asked for). */
function openAiContextLength(window: number, promptTokens: number, maxTokens: number | undefined): Response {
  const message =
    maxTokens !== undefined
      ? `This model's maximum context length is ${window} tokens. However, you requested ${promptTokens + maxTokens} tokens (${promptTokens} in the messages, ${maxTokens} in the completion). Please reduce the length of the messages or completion.`
      : `This model's maximum context length is ${window} tokens. However, your messages resulted in ${promptTokens} tokens. Please reduce the length of the messages.`;
  return errorResponse(400, message, {
    type: 'invalid_request_error',
    param: 'messages',
    code: 'context_length_exceeded',
  });
}

const OPENAI_ERRORS: WireErrors = {
  error: errorResponse,
  rateLimited: () =>
    errorResponse(429, 'Rate limit reached for requests. Please try again shortly.', {
      type: 'requests',
      code: 'rate_limit_exceeded',
    }),
  serverError: () =>
    errorResponse(500, 'The server had an error while processing your request. Sorry about that!', {
      type: 'server_error',
    }),
  contextLength: openAiContextLength,
  modelNotFound: (model) =>
    errorResponse(404, `The model \`${model}\` does not exist or you do not have access to it.`, {
      code: 'model_not_found',
    }),
};

/** The Responses API's words for a prompt over the window (same envelope as Chat Completions). */
const RESPONSES_ERRORS: WireErrors = {
  ...OPENAI_ERRORS,
  contextLength: () =>
    errorResponse(400, 'Your input exceeds the context window of this model. Please adjust your input and try again.', {
      type: 'invalid_request_error',
      param: 'input',
      code: 'context_length_exceeded',
    }),
};

/** Anthropic's error type for each status (its errors page). */
function anthropicType(status: number): string {
  switch (status) {
    case 400:
      return 'invalid_request_error';
    case 401:
      return 'authentication_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 529:
      return 'overloaded_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}

/** An Anthropic error answer: `{ type: 'error', error: { type, message }, request_id }`. */
export function anthropicErrorResponse(
  status: number,
  message: string,
  details: ErrorDetails = {},
  headers: Record<string, string> = {},
): Response {
  const requestId = `req_scripted_${shortHash(`${status} ${message}`)}`;
  return jsonResponse(
    { type: 'error', error: { type: details.type ?? anthropicType(status), message }, request_id: requestId },
    status,
    { 'request-id': requestId, ...headers },
  );
}

/** Anthropic's rate-limit headers of a 429: the limits, nothing left, and resets a moment ago (retry at once). */
function rateLimitHeaders(): Record<string, string> {
  const reset = new Date(Date.now() - 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  return {
    'anthropic-ratelimit-requests-limit': '50',
    'anthropic-ratelimit-requests-remaining': '0',
    'anthropic-ratelimit-requests-reset': reset,
    'anthropic-ratelimit-tokens-limit': '30000',
    'anthropic-ratelimit-tokens-remaining': '0',
    'anthropic-ratelimit-tokens-reset': reset,
  };
}

const ANTHROPIC_ERRORS: WireErrors = {
  error: (status, message, details, headers) =>
    anthropicErrorResponse(status, message, { type: details?.type }, headers),
  rateLimited: () =>
    anthropicErrorResponse(
      429,
      'This request would exceed the rate limit for your organization of 50 requests per minute. Please try again later.',
      {},
      rateLimitHeaders(),
    ),
  serverError: () => anthropicErrorResponse(529, 'Overloaded'),
  contextLength: (window, promptTokens, maxTokens) =>
    anthropicErrorResponse(
      400,
      maxTokens !== undefined && promptTokens < window
        ? `input length and \`max_tokens\` exceed context limit: ${promptTokens} + ${maxTokens} > ${window}, decrease input length or \`max_tokens\` and try again`
        : `prompt is too long: ${promptTokens} tokens > ${window} maximum`,
    ),
  modelNotFound: (model) => anthropicErrorResponse(404, `model: ${model}`),
};

/** The error answers of `wire`. */
export function wireErrors(wire: ChatWire): WireErrors {
  if (wire === 'anthropic-messages') return ANTHROPIC_ERRORS;
  if (wire === 'responses') return RESPONSES_ERRORS;
  return OPENAI_ERRORS;
}
