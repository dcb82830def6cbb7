// Checks a chat-completion request body the way OpenAI does: a 400 naming the parameter.
import type { ChatRequest } from '../../src/wire/types.js';
import { errorResponse } from './scripted-http.js';

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool'];
const FORMATS = ['text', 'json_object', 'json_schema'];

export type RequestCheck = { ok: true; request: ChatRequest } | { ok: false; response: Response };

function invalid(message: string, param: string | null, code: string | null = null): RequestCheck {
  return { ok: false, response: errorResponse(400, message, { param, code }) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

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
  const callIds = new Set<string>();
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    if (!isObject(m))
      return invalid(`Invalid type for 'messages[${i}]': expected an object.`, `messages[${i}]`, 'invalid_type');
    if (!ROLES.includes(m.role as string)) {
      return invalid(
        `Invalid value: '${String(m.role)}'. Supported values are: 'system', 'developer', 'user', 'assistant' and 'tool'.`,
        `messages[${i}].role`,
        'invalid_value',
      );
    }
    const content = m.content;
    const toolCalls = m.tool_calls;
    if (
      !(
        typeof content === 'string' ||
        Array.isArray(content) ||
        (content === null && m.role === 'assistant') ||
        (content === undefined && m.role === 'assistant' && Array.isArray(toolCalls))
      )
    ) {
      return invalid(
        `Invalid type for 'messages[${i}].content': expected a string or an array of content parts.`,
        `messages[${i}].content`,
        'invalid_type',
      );
    }
    // Reasoning sent back is no fault here: which models need it, and which refuse it, is each
    // profile's history rule (scripted-history-rules.ts).
    if (toolCalls !== undefined) {
      if (m.role !== 'assistant' || !Array.isArray(toolCalls))
        return invalid(
          `Invalid 'messages[${i}].tool_calls': only assistant messages carry an array of tool calls.`,
          `messages[${i}].tool_calls`,
          'invalid_value',
        );
      for (const call of toolCalls) if (isObject(call) && typeof call.id === 'string') callIds.add(call.id);
    }
    if (m.role === 'tool') {
      if (typeof m.tool_call_id !== 'string')
        return invalid(
          `Missing required parameter: 'messages[${i}].tool_call_id'.`,
          `messages[${i}].tool_call_id`,
          'missing_required_parameter',
        );
      if (!callIds.has(m.tool_call_id)) {
        return invalid(
          `Invalid parameter: messages with role 'tool' must be a response to a preceding message with 'tool_calls' (messages[${i}].tool_call_id '${m.tool_call_id}' matches none).`,
          `messages[${i}].tool_call_id`,
          'invalid_value',
        );
      }
    }
  }
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean')
    return invalid(`Invalid type for 'stream': expected a boolean.`, 'stream', 'invalid_type');
  if (body.stream_options !== undefined && body.stream_options !== null && !body.stream) {
    return invalid(
      "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
      'stream_options',
      'invalid_value',
    );
  }
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools))
      return invalid(`Invalid type for 'tools': expected an array.`, 'tools', 'invalid_type');
    for (let i = 0; i < body.tools.length; i++) {
      const t = body.tools[i];
      if (!isObject(t) || t.type !== 'function' || !isObject(t.function) || typeof t.function.name !== 'string') {
        return invalid(
          `Invalid 'tools[${i}]': expected { type: 'function', function: { name, parameters } }.`,
          `tools[${i}]`,
          'invalid_value',
        );
      }
    }
  }
  const rf = body.response_format;
  if (rf !== undefined && rf !== null) {
    if (!isObject(rf) || !FORMATS.includes(rf.type as string)) {
      return invalid(
        `Invalid value for 'response_format.type': expected one of 'text', 'json_object', 'json_schema'.`,
        'response_format.type',
        'invalid_value',
      );
    }
    if (
      rf.type === 'json_schema' &&
      (!isObject(rf.json_schema) || typeof rf.json_schema.name !== 'string' || !isObject(rf.json_schema.schema))
    ) {
      return invalid(
        "Missing required parameter: 'response_format.json_schema' needs a 'name' and a 'schema' object.",
        'response_format.json_schema',
        'missing_required_parameter',
      );
    }
  }
  for (const key of ['max_tokens', 'max_completion_tokens']) {
    const v = body[key];
    if (v !== undefined && v !== null && (typeof v !== 'number' || !Number.isInteger(v) || v < 1)) {
      return invalid(`Invalid '${key}': expected an integer of at least 1.`, key, 'invalid_value');
    }
  }
  return { ok: true, request: body as unknown as ChatRequest };
}
