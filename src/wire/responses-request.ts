// A chat request (OpenAI's Chat Completions shape, which the machine builds) as the body of a
// stateless POST /v1/responses: `store: false`, `include: ["reasoning.encrypted_content"]`,
// system messages as `instructions`, the history as input items — each assistant turn's
// reasoning items exactly as they streamed (kept as 'reasoning-details' entries), then its text,
// then its `function_call` items; tool results as `function_call_output` items.
import type { ChatMessage, ChatRequest, ChatToolDefinition, ResponseFormat } from './types.js';

type Json = Record<string, unknown>;

/** Chat Completions fields that are renamed or rebuilt here (they are not passed through). */
const TRANSLATED = new Set([
  'model',
  'messages',
  'stream',
  'stream_options',
  'tools',
  'tool_choice',
  'max_tokens',
  'max_completion_tokens',
  'response_format',
  'store',
  'include',
]);

/** The reasoning items a Responses stream gave: the only `reasoning_details` entries it takes back. */
function reasoningItems(details: readonly unknown[] | undefined): Json[] {
  if (details === undefined) return [];
  return details.filter((d): d is Json => d !== null && typeof d === 'object' && (d as Json).type === 'reasoning');
}

function assistantItems(message: ChatMessage): Json[] {
  const items: Json[] = [...reasoningItems(message.reasoning_details)];
  if (typeof message.content === 'string' && message.content !== '')
    items.push({ role: 'assistant', content: message.content });
  for (const call of message.tool_calls ?? [])
    items.push({
      type: 'function_call',
      call_id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
    });
  return items;
}

function toolDefinition(tool: ChatToolDefinition): Json {
  const fn = tool.function;
  return {
    type: 'function',
    name: fn.name,
    ...(fn.description === undefined ? {} : { description: fn.description }),
    parameters: fn.parameters,
    strict: false,
  };
}

function toolChoice(choice: unknown): unknown {
  const fn = (choice as { function?: { name?: unknown } } | null)?.function;
  if (choice !== null && typeof choice === 'object' && typeof fn?.name === 'string')
    return { type: 'function', name: fn.name };
  return choice; // 'auto', 'required', 'none', or already the Responses shape
}

function textFormat(format: ResponseFormat): Json {
  if (format.type === 'json_schema') {
    const { name, schema, strict } = format.json_schema;
    return { type: 'json_schema', name, schema, ...(strict === undefined ? {} : { strict }) };
  }
  return { type: format.type };
}

/**
 * The Responses API body for `request` (streamed, stateless). Fields this module does not
 * translate pass through as they are (`reasoning`, `temperature`, `parallel_tool_calls`, …);
 * `max_tokens` becomes `max_output_tokens`, `response_format` becomes `text.format`.
 */
export function responsesRequestBody(request: ChatRequest): Json {
  const instructions: string[] = [];
  const input: Json[] = [];
  for (const m of request.messages) {
    const text = typeof m.content === 'string' ? m.content : '';
    // Leading system messages are the instructions; a later one stays in its place.
    if (m.role === 'system' && input.length === 0) instructions.push(text);
    else if (m.role === 'assistant') input.push(...assistantItems(m));
    else if (m.role === 'tool') input.push({ type: 'function_call_output', call_id: m.tool_call_id, output: text });
    else input.push({ role: m.role, content: text });
  }
  const body: Json = { model: request.model };
  if (instructions.length > 0) body.instructions = instructions.join('\n\n');
  body.input = input;
  if (request.tools !== undefined && request.tools.length > 0) body.tools = request.tools.map(toolDefinition);
  if (request.tool_choice !== undefined && request.tool_choice !== null && body.tools !== undefined)
    body.tool_choice = toolChoice(request.tool_choice);
  const maxTokens = request.max_tokens ?? request.max_completion_tokens;
  if (maxTokens !== undefined && maxTokens !== null) body.max_output_tokens = maxTokens;
  if (request.response_format !== undefined && request.response_format !== null)
    body.text = { format: textFormat(request.response_format) };
  for (const key of Object.keys(request)) if (!TRANSLATED.has(key)) body[key] = request[key];
  body.store = false;
  const asked = Array.isArray(request.include) ? (request.include as unknown[]) : [];
  body.include = [...new Set([...asked, 'reasoning.encrypted_content'])];
  body.stream = true;
  return body;
}
