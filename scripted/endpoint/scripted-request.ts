// Checks a chat-completion request body the way OpenAI does: a 400 naming the parameter.
import type { ChatRequest } from '../../src/wire/types.js';
import { fieldsProblem } from './request-fields.js';
import { messagesProblem } from './request-messages.js';
import { invalid, isObject, type RequestCheck } from './request-check.js';

export type { RequestCheck } from './request-check.js';

/** Parses and validates the JSON body of POST /chat/completions. */
export function checkChatRequest(bodyText: string): RequestCheck {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch (e) {
    return invalid(
      `We could not parse the JSON body of your request: ${(e as Error).message}. The API expects a JSON object.`,
      null,
    );
  }
  if (!isObject(body)) return invalid('The request body must be a JSON object.', null);
  if (typeof body.model !== 'string' || body.model === '')
    return invalid('you must provide a model parameter', 'model', 'missing_required_parameter');
  const messages = body.messages;
  if (!Array.isArray(messages))
    return invalid("Missing required parameter: 'messages'.", 'messages', 'missing_required_parameter');
  if (messages.length === 0)
    return invalid(
      "Invalid 'messages': empty array. Expected an array with minimum length 1.",
      'messages',
      'empty_array',
    );
  const problem = messagesProblem(messages) ?? fieldsProblem(body);
  if (problem !== undefined) return problem;
  return { ok: true, request: body as unknown as ChatRequest };
}
