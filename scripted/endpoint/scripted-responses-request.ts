// Checks a POST /v1/responses body the way OpenAI does (a 400 naming the parameter), and reads it
// as the chat request the scripted model plays from: `instructions` as a system message, input
// messages as messages, each assistant turn's reasoning items (as they came), text and
// `function_call` items as one assistant message, `function_call_output` items as tool messages.
import type { ChatMessage, ChatRequest, ChatToolDefinition, ResponseFormat } from '../../src/wire/types.js';
import { errorResponse } from './scripted-http.js';
import type { RequestCheck } from './scripted-request.js';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function invalid(message: string, param: string | null, code: string | null = null): RequestCheck {
  return { ok: false, response: errorResponse(400, message, { param, code }) };
}

const ITEM_TYPES = ['message', 'function_call', 'function_call_output', 'reasoning'];

/** An input item's kind: a message (with or without `type`), or its `type`. */
export function itemType(item: Json): string {
  return item.type === undefined && typeof item.role === 'string' ? 'message' : String(item.type);
}

/** A message item's content as text (a string, or its text parts joined). */
export function itemText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : '')).join('');
}

/** The input as items (a string is one user message). */
export function inputItems(input: unknown): Json[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  return Array.isArray(input) ? input.filter(isObject) : [];
}

function itemProblem(items: readonly Json[]): RequestCheck | undefined {
  const calls = new Set<string>();
  for (const [i, item] of items.entries()) {
    const type = itemType(item);
    if (!ITEM_TYPES.includes(type))
      return invalid(
        `Invalid value: '${type}'. Supported values are: ${ITEM_TYPES.map((t) => `'${t}'`).join(', ')}.`,
        `input[${i}].type`,
        'invalid_value',
      );
    if (type === 'message' && !['user', 'assistant', 'system', 'developer'].includes(String(item.role)))
      return invalid(
        `Invalid value: '${String(item.role)}'. Supported values are: 'assistant', 'system', 'developer', and 'user'.`,
        `input[${i}].role`,
        'invalid_value',
      );
    if (type === 'function_call') {
      if (typeof item.call_id !== 'string' || typeof item.name !== 'string' || typeof item.arguments !== 'string')
        return invalid(
          `Missing required parameter: 'input[${i}].call_id', 'name' and 'arguments'.`,
          `input[${i}]`,
          'missing_required_parameter',
        );
      calls.add(item.call_id);
    }
    if (type === 'function_call_output' && !calls.has(String(item.call_id)))
      return invalid(`No tool call found for function call output with call_id ${String(item.call_id)}.`, 'input');
    if (type === 'reasoning' && typeof item.id !== 'string')
      return invalid(`Missing required parameter: 'input[${i}].id'.`, `input[${i}].id`, 'missing_required_parameter');
  }
  return undefined;
}

/** The items as chat messages: a run of assistant items (reasoning, text, calls) is one assistant message. */
function messagesOf(instructions: unknown, items: readonly Json[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  if (typeof instructions === 'string' && instructions !== '') messages.push({ role: 'system', content: instructions });
  let turn: ChatMessage | undefined;
  const assistant = (): ChatMessage => {
    if (turn === undefined) {
      turn = { role: 'assistant', content: '' };
      messages.push(turn);
    }
    return turn;
  };
  for (const item of items) {
    const type = itemType(item);
    if (type === 'reasoning') {
      const t = assistant();
      t.reasoning_details = [...(t.reasoning_details ?? []), item];
    } else if (type === 'function_call') {
      const t = assistant();
      if (t.content === '') t.content = null;
      t.tool_calls = [
        ...(t.tool_calls ?? []),
        {
          id: String(item.call_id),
          type: 'function',
          function: { name: String(item.name), arguments: String(item.arguments) },
        },
      ];
    } else if (type === 'message' && item.role === 'assistant') {
      const t = assistant();
      t.content = `${t.content ?? ''}${itemText(item.content)}`;
    } else {
      turn = undefined;
      if (type === 'function_call_output')
        messages.push({ role: 'tool', tool_call_id: String(item.call_id), content: itemText(item.output) });
      else
        messages.push({
          role: item.role === 'developer' ? 'system' : (item.role as ChatMessage['role']),
          content: itemText(item.content),
        });
    }
  }
  return messages;
}

function responseFormat(text: unknown): ResponseFormat | undefined {
  const format = isObject(text) && isObject(text.format) ? text.format : undefined;
  if (format === undefined) return undefined;
  if (format.type === 'json_schema')
    return {
      type: 'json_schema',
      json_schema: {
        name: String(format.name),
        schema: (format.schema ?? {}) as Json,
        ...(typeof format.strict === 'boolean' ? { strict: format.strict } : {}),
      },
    };
  return format.type === 'json_object' ? { type: 'json_object' } : { type: 'text' };
}

/** The Responses body as a chat request. */
export function responsesChatRequest(body: Json): ChatRequest {
  const request: ChatRequest = {
    model: String(body.model),
    messages: messagesOf(body.instructions, inputItems(body.input)),
  };
  if (body.stream === true) request.stream = true;
  if (Array.isArray(body.tools) && body.tools.length > 0)
    request.tools = (body.tools as Json[])
      .filter((t) => t.type === 'function')
      .map(
        (t): ChatToolDefinition => ({
          type: 'function',
          function: {
            name: String(t.name),
            ...(typeof t.description === 'string' ? { description: t.description } : {}),
            parameters: (t.parameters ?? { type: 'object', properties: {} }) as Json,
          },
        }),
      );
  const choice = body.tool_choice;
  if (isObject(choice) && choice.type === 'function')
    request.tool_choice = { type: 'function', function: { name: choice.name } };
  else if (choice !== undefined) request.tool_choice = choice;
  if (typeof body.max_output_tokens === 'number') request.max_tokens = body.max_output_tokens;
  const format = responseFormat(body.text);
  if (format !== undefined) request.response_format = format;
  return request;
}

/** Parses and validates the JSON body of POST /v1/responses, and reads it as a chat request. */
export function checkResponsesRequest(bodyText: string): RequestCheck & { body?: Json } {
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
    return invalid("Missing required parameter: 'model'.", 'model', 'missing_required_parameter');
  if (typeof body.input !== 'string' && !Array.isArray(body.input))
    return invalid("Invalid type for 'input': expected a string or an array of input items.", 'input', 'invalid_type');
  const refused = itemProblem(inputItems(body.input));
  if (refused !== undefined) return refused;
  const max = body.max_output_tokens;
  if (max !== undefined && max !== null && (typeof max !== 'number' || !Number.isInteger(max) || max < 1))
    return invalid(
      `Invalid 'max_output_tokens': expected an integer of at least 1.`,
      'max_output_tokens',
      'invalid_value',
    );
  return { ok: true, request: responsesChatRequest(body), body };
}
