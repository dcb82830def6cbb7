// The provider's own error object ({ error: { message, code, type } } or { error: "text" }),
// found in a stream chunk, an HTTP error body or a non-streamed response.
import { ChatError } from './errors.js';
import { preview } from './preview.js';

export interface ProviderErrorInfo {
  message?: string;
  code?: string;
  /** The error's `type`, when it has one besides `code` (OpenAI sends both). */
  type?: string;
  /** A numeric code some gateways put in the error (OpenRouter: the upstream HTTP status). */
  status?: number;
}

/** Reads the provider's message and code from an `error` value of any of the usual shapes. */
export function providerErrorInfo(error: unknown): ProviderErrorInfo {
  if (typeof error === 'string') return { message: error };
  if (error === null || typeof error !== 'object') return {};
  const e = error as Record<string, unknown>;
  const message = typeof e.message === 'string' ? e.message : typeof e.detail === 'string' ? e.detail : undefined;
  const rawCode = e.code ?? e.type;
  const status = [e.code, e.status, e.status_code].find(
    (n): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 100 && n < 600,
  );
  const code = typeof rawCode === 'string' ? rawCode : typeof rawCode === 'number' ? String(rawCode) : undefined;
  const type = typeof e.type === 'string' ? e.type : undefined;
  return { message, code, type, status };
}

/** Provider error names that mean "the server had a bad moment", in OpenAI's, Anthropic's and gateways' spellings. */
const TRANSIENT_ERROR_NAMES = new Set([
  'server_error',
  'internal_error',
  'internal_server_error',
  'api_error',
  'overloaded',
  'overloaded_error',
  'rate_limit_exceeded',
  'rate_limit_error',
  'service_unavailable',
  'timeout',
  'upstream_error',
]);

/** An `error` object inside a stream chunk or a 2xx body: the provider gave up mid-answer. */
export function providerError(error: unknown, where: string, cause?: unknown): ChatError {
  const info = providerErrorInfo(error);
  // code and type are read separately: `{ code: 'internal_error', type: 'server_error' }` is transient
  const retryable =
    info.status !== undefined
      ? info.status === 429 || info.status >= 500
      : TRANSIENT_ERROR_NAMES.has(info.code ?? '') || TRANSIENT_ERROR_NAMES.has(info.type ?? '');
  return new ChatError(
    'provider-error',
    `provider error in ${where}: ${info.message ?? preview(JSON.stringify(error) ?? String(error))}`,
    {
      providerMessage: info.message,
      providerCode: info.code,
      retryable,
      cause,
    },
  );
}
