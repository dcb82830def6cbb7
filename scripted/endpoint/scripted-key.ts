// The API key check of the scripted endpoint, answered as each wire's provider answers it.
import type { ChatWire } from '../../src/wire/chat-wire.js';
import { errorResponse } from './scripted-http.js';
import { anthropicErrorResponse } from './scripted-wire-errors.js';

/** Without the key: 401 as the wire's provider answers (Anthropic's key in `x-api-key`); undefined when it may pass. */
export function keyRefusal(
  apiKey: string | undefined,
  headers: Headers,
  wire: ChatWire | undefined,
): Response | undefined {
  if (apiKey === undefined) return undefined;
  if (wire === 'anthropic-messages')
    return headers.get('x-api-key') === apiKey ? undefined : anthropicErrorResponse(401, 'invalid x-api-key');
  if (headers.get('authorization') === `Bearer ${apiKey}`) return undefined;
  return errorResponse(401, 'Incorrect API key provided.', { code: 'invalid_api_key' });
}
