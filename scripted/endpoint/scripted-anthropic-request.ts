// Checks a POST /v1/messages body the way Anthropic does (a 400 invalid_request_error naming the
// field, as `messages.1.content.0: …`), and reads it as the chat request the scripted model plays
// from: `system` as a system message, `tool_result` blocks as tool messages, `tool_use` blocks as
// native calls, thinking blocks as the assistant message's `reasoning_details`, as they came.
import type { ChatMessage, ChatRequest, ChatToolCall, ChatToolDefinition } from '../../src/wire/types.js';
import { anthropicErrorResponse } from './scripted-wire-errors.js';
import type { RequestCheck } from './scripted-request.js';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function invalid(message: string): RequestCheck {
  return { ok: false, response: anthropicErrorResponse(400, message) };
}

/** A message's content as blocks (a string is one text block). */
export function anthropicBlocks(content: unknown): Json[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return Array.isArray(content) ? content.filter(isObject) : [];
}

/** A tool_result's content as text (a string, or its text blocks joined). */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(isObject)
    .map((b) => (typeof b.text === 'string' ? b.text : ''))
    .join('\n');
}

function systemText(system: unknown): string {
  if (typeof system === 'string') return system;
  return Array.isArray(system)
    ? system.map((b) => (isObject(b) && typeof b.text === 'string' ? b.text : '')).join('\n')
    : '';
}

function toolUseIds(blocks: readonly Json[]): string[] {
  return blocks.filter((b) => b.type === 'tool_use').map((b) => String(b.id));
}

/** The tool_use / tool_result pairing Anthropic requires between neighbouring messages. */
function pairingProblem(messages: readonly Json[]): string | undefined {
  for (let i = 0; i < messages.length; i++) {
    const blocks = anthropicBlocks(messages[i].content);
    if (messages[i].role === 'user') {
      const previous =
        i > 0 && messages[i - 1].role === 'assistant' ? toolUseIds(anthropicBlocks(messages[i - 1].content)) : [];
      for (const [j, b] of blocks.entries()) {
        if (b.type === 'tool_result' && !previous.includes(String(b.tool_use_id)))
          return `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(b.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
      }
      continue;
    }
    const ids = toolUseIds(blocks);
    if (ids.length === 0 || i === messages.length - 1) continue;
    const answered = new Set(
      anthropicBlocks(messages[i + 1].content)
        .filter((b) => b.type === 'tool_result')
        .map((b) => String(b.tool_use_id)),
    );
    const missing = ids.filter((id) => !answered.has(id));
    if (missing.length > 0)
      return `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
  }
  return undefined;
}

function shapeProblem(body: Json): string | undefined {
  if (typeof body.model !== 'string' || body.model === '') return 'model: Field required';
  if (body.max_tokens === undefined) return 'max_tokens: Field required';
  if (typeof body.max_tokens !== 'number' || !Number.isInteger(body.max_tokens) || body.max_tokens < 1)
    return 'max_tokens: Input should be a valid integer greater than or equal to 1';
  if (body.messages === undefined) return 'messages: Field required';
  if (!Array.isArray(body.messages)) return 'messages: Input should be a valid list';
  if (body.messages.length === 0) return 'messages: at least one message is required';
  for (const [i, m] of (body.messages as unknown[]).entries()) {
    if (!isObject(m)) return `messages.${i}: Input should be a valid dictionary`;
    if (m.role !== 'user' && m.role !== 'assistant') return `messages.${i}.role: Input should be 'user' or 'assistant'`;
    if (typeof m.content !== 'string' && !Array.isArray(m.content))
      return `messages.${i}.content: Input should be a valid string or a valid list`;
  }
  for (const [i, t] of (Array.isArray(body.tools) ? body.tools : []).entries()) {
    if (!isObject(t) || typeof t.name !== 'string') return `tools.${i}.name: Field required`;
    if (!isObject(t.input_schema)) return `tools.${i}.input_schema: Field required`;
  }
  return pairingProblem(body.messages as Json[]);
}

/** One user message's blocks: tool results as tool messages, text as a user message, in order. */
function userMessages(blocks: readonly Json[], out: ChatMessage[]): void {
  let text: string[] = [];
  const flush = () => {
    if (text.length > 0) out.push({ role: 'user', content: text.join('\n') });
    text = [];
  };
  for (const b of blocks) {
    if (b.type === 'tool_result') {
      flush();
      out.push({ role: 'tool', tool_call_id: String(b.tool_use_id), content: resultText(b.content) });
    } else if (typeof b.text === 'string') text.push(b.text);
  }
  flush();
}

function assistantMessage(blocks: readonly Json[]): ChatMessage {
  const details = blocks.filter((b) => b.type === 'thinking' || b.type === 'redacted_thinking');
  const text = blocks
    .filter((b) => b.type === 'text')
    .map((b) => String(b.text ?? ''))
    .join('');
  const calls: ChatToolCall[] = blocks
    .filter((b) => b.type === 'tool_use')
    .map((b) => ({
      id: String(b.id),
      type: 'function',
      function: { name: String(b.name), arguments: JSON.stringify(b.input ?? {}) },
    }));
  const message: ChatMessage = { role: 'assistant', content: text === '' && calls.length > 0 ? null : text };
  if (calls.length > 0) message.tool_calls = calls;
  if (details.length > 0) message.reasoning_details = details;
  return message;
}

function toolChoice(choice: unknown): unknown {
  if (!isObject(choice)) return undefined;
  if (choice.type === 'any') return 'required';
  if (choice.type === 'tool') return { type: 'function', function: { name: choice.name } };
  return choice.type; // 'auto', 'none'
}

/** The Messages body as a chat request (tools, tool_choice, max_tokens, stop_sequences and the messages translated). */
export function anthropicChatRequest(body: Json): ChatRequest {
  const messages: ChatMessage[] = [];
  const system = systemText(body.system);
  if (system !== '') messages.push({ role: 'system', content: system });
  for (const m of body.messages as Json[]) {
    const blocks = anthropicBlocks(m.content);
    if (m.role === 'assistant') messages.push(assistantMessage(blocks));
    else userMessages(blocks, messages);
  }
  const request: ChatRequest = { model: String(body.model), messages, max_tokens: body.max_tokens as number };
  if (body.stream === true) request.stream = true;
  if (Array.isArray(body.tools) && body.tools.length > 0)
    request.tools = (body.tools as Json[]).map(
      (t): ChatToolDefinition => ({
        type: 'function',
        function: {
          name: String(t.name),
          ...(typeof t.description === 'string' ? { description: t.description } : {}),
          parameters: t.input_schema as Json,
        },
      }),
    );
  const choice = toolChoice(body.tool_choice);
  if (choice !== undefined) request.tool_choice = choice;
  if (Array.isArray(body.stop_sequences)) request.stop = body.stop_sequences;
  return request;
}

/** Parses and validates the JSON body of POST /v1/messages, and reads it as a chat request. */
export function checkAnthropicRequest(bodyText: string): RequestCheck & { body?: Json } {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch (e) {
    return invalid(`There was an issue with the JSON body of your request: ${(e as Error).message}`);
  }
  if (!isObject(body)) return invalid('The request body must be a JSON object.');
  const problem = shapeProblem(body);
  if (problem !== undefined) return invalid(problem);
  return { ok: true, request: anthropicChatRequest(body), body };
}
