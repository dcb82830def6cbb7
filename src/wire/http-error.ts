// An HTTP error status as a ChatError 'http', with the provider's own message from the body.
import { ChatError } from './errors.js';
import { MAX_ERROR_BODY_BYTES } from './limits.js';
import { preview } from './preview.js';
import { readBodyText } from './read-body.js';
import { providerErrorInfo } from './provider-error.js';
import { rateLimitResetMs, retryAfterFromHeaders } from './retry-after.js';

/** Reads the body of a response with status >= 400 and describes it. */
export async function httpError(response: Response): Promise<ChatError> {
  let body = '';
  try {
    // Capped: an endless error page must not fill memory; the start says what went wrong.
    body = (await readBodyText(response, MAX_ERROR_BODY_BYTES)).text;
  } catch {
    // The body is gone (aborted, connection closed): the status still says what happened.
  }
  let message: string | undefined;
  let code: string | undefined;
  try {
    let parsed: unknown = JSON.parse(body);
    // Gemini's OpenAI-compatible endpoint wraps its error in a one-element array.
    if (Array.isArray(parsed) && parsed.length === 1) parsed = parsed[0];
    const error =
      parsed !== null && typeof parsed === 'object' && 'error' in parsed
        ? (parsed as { error: unknown }).error
        : parsed;
    ({ message, code } = providerErrorInfo(error));
  } catch {
    // Not JSON (an HTML page from a proxy, plain text): the text itself is the message.
  }
  const providerMessage = message ?? (body.trim() === '' ? undefined : body.slice(0, 2000));
  const from = response.url ? ` from ${response.url}` : '';
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const detail = message ?? (body.trim() === '' ? 'no body' : preview(body));
  return new ChatError('http', `${status}${from}: ${detail}`, {
    status: response.status,
    providerMessage,
    providerCode: code,
    // A 429 without Retry-After: Anthropic's reset times say how long instead.
    retryAfterMs:
      retryAfterFromHeaders(response.headers) ??
      (response.status === 429 ? rateLimitResetMs(response.headers) : undefined),
  });
}
