// A chat request (OpenAI's shape, which the machine builds) as the body of Anthropic's
// POST /v1/messages: system messages to `system`, tool results to `tool_result` blocks of a user
// message, native calls to `tool_use` blocks, and the thinking blocks a reply streamed (kept as
// 'reasoning-details' entries, signatures intact) back at the head of their assistant message.
import { ChatError } from './errors.js';
import type { ChatMessage, ChatRequest, ChatToolDefinition } from './types.js';

type Json = Record<string, unknown>;
type Block = Json;

/** Anthropic wants `max_tokens` on every request; this one goes when the request sets none. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 8192;

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
  'stop',
  'parallel_tool_calls',
  'response_format',
]);

/** Thinking blocks as Anthropic sent them: the only `reasoning_details` entries it takes back. */
function thinkingBlocks(details: readonly unknown[] | undefined): Block[] {
  if (details === undefined) return [];
  return details.filter(
    (d): d is Block =>
      d !== null &&
      typeof d === 'object' &&
      ((d as Block).type === 'thinking' || (d as Block).type === 'redacted_thinking'),
  );
}

/** A call's JSON arguments as the `input` object Anthropic takes (`{}` for none). */
function inputOf(args: string): unknown {
  if (args.trim() === '') return {};
  try {
    return JSON.parse(args);
  } catch {
    // Arguments that never parsed (a reply cut off in a call) go as text, visible to the model.
    return { arguments: args };
  }
}

function assistantBlocks(message: ChatMessage): Block[] {
  const blocks: Block[] = [...thinkingBlocks(message.reasoning_details)];
  if (typeof message.content === 'string' && message.content !== '')
    blocks.push({ type: 'text', text: message.content });
  for (const call of message.tool_calls ?? [])
    blocks.push({ type: 'tool_use', id: call.id, name: call.function.name, input: inputOf(call.function.arguments) });
  return blocks;
}

/** Appends `blocks` as a message of `role`, merged into the last one when it has that role (Anthropic wants turns to alternate). */
function put(messages: { role: string; content: Block[] }[], role: 'user' | 'assistant', blocks: Block[]): void {
  if (blocks.length === 0) return;
  const last = messages[messages.length - 1];
  if (last !== undefined && last.role === role) last.content.push(...blocks);
  else messages.push({ role, content: blocks });
}

function toolDefinition(tool: ChatToolDefinition): Json {
  const fn = tool.function;
  return {
    name: fn.name,
    ...(fn.description === undefined ? {} : { description: fn.description }),
    input_schema: fn.parameters,
  };
}

function toolChoice(choice: unknown, parallel: unknown): Json | undefined {
  const single = parallel === false ? { disable_parallel_tool_use: true } : {};
  if (choice === undefined || choice === null) return parallel === false ? { type: 'auto', ...single } : undefined;
  if (choice === 'auto') return { type: 'auto', ...single };
  if (choice === 'required') return { type: 'any', ...single };
  if (choice === 'none') return { type: 'none' };
  const fn = (choice as { function?: { name?: unknown } }).function;
  if (typeof fn?.name === 'string') return { type: 'tool', name: fn.name, ...single };
  return choice as Json; // already Anthropic's shape
}

/** A caller's reply room as a `max_tokens`: a positive whole number, else none. */
function wholeTokens(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : undefined;
}

/**
 * The Messages API body for `request` (streamed). Fields this module does not translate pass
 * through as they are (`thinking`, `top_k`, `metadata`, …); `max_tokens` defaults to
 * `replyTokens` (the room the caller keeps for the reply; see `ChatRequestOptions.replyTokens`),
 * else {@link ANTHROPIC_DEFAULT_MAX_TOKENS}; `stop` becomes `stop_sequences`. A `response_format` other
 * than text is a ChatError 'http' 400 (nothing is sent).
 */
export function anthropicRequestBody(request: ChatRequest, replyTokens?: number): Json {
  const format = request.response_format;
  if (format !== undefined && format !== null && format.type !== 'text') {
    // Refused here as a provider refuses it, so that structured output falls back to the prompt alone.
    const message = `response_format ${format.type} is not supported on the anthropic-messages wire`;
    throw new ChatError('http', `HTTP 400 (not sent): ${message}`, { status: 400, providerMessage: message });
  }
  const system: string[] = [];
  const messages: { role: string; content: Block[] }[] = [];
  for (const m of request.messages) {
    const text = typeof m.content === 'string' ? m.content : '';
    if (m.role === 'system') system.push(text);
    else if (m.role === 'assistant') put(messages, 'assistant', assistantBlocks(m));
    else if (m.role === 'tool')
      put(messages, 'user', [{ type: 'tool_result', tool_use_id: m.tool_call_id, content: text }]);
    else put(messages, 'user', [{ type: 'text', text }]);
  }
  const body: Json = {
    model: request.model,
    max_tokens:
      request.max_tokens ?? request.max_completion_tokens ?? wholeTokens(replyTokens) ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
  };
  if (system.length > 0) body.system = system.join('\n\n');
  body.messages = messages;
  if (request.tools !== undefined && request.tools.length > 0) body.tools = request.tools.map(toolDefinition);
  const choice = toolChoice(request.tool_choice, request.parallel_tool_calls);
  if (choice !== undefined && body.tools !== undefined) body.tool_choice = choice;
  if (request.stop !== undefined && request.stop !== null)
    body.stop_sequences = Array.isArray(request.stop) ? request.stop : [request.stop];
  for (const key of Object.keys(request)) if (!TRANSLATED.has(key)) body[key] = request[key];
  body.stream = true;
  return body;
}
