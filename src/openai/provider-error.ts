// The provider's own error object ({ error: { message, code, type } } or { error: "text" }),
// found in a stream chunk, an HTTP error body or a non-streamed response.
import { ChatError } from './errors.js';
import { preview } from './preview.js';

export interface ProviderErrorInfo {
  message?: string;
  code?: string;
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
  const status = typeof e.code === 'number' ? e.code : typeof e.status === 'number' ? e.status : undefined;
  const code = typeof rawCode === 'string' ? rawCode : typeof rawCode === 'number' ? String(rawCode) : undefined;
  return { message, code, status };
}

/** An `error` object inside a stream chunk or a 2xx body: the provider gave up mid-answer. */
export function providerError(error: unknown, where: string): ChatError {
  const info = providerErrorInfo(error);
  const retryable = info.status !== undefined ? info.status === 429 || info.status >= 500 : info.code === 'server_error' || info.code === 'rate_limit_exceeded';
  return new ChatError('provider-error', `provider error in ${where}: ${info.message ?? preview(JSON.stringify(error) ?? String(error))}`, {
    providerMessage: info.message,
    providerCode: info.code,
    retryable,
  });
}
