// The next request's history: the assistant's reply as its model's history rule asks (content,
// native calls, and where the rule says so its reasoning and the provider's opaque fields, byte
// for byte), then the tool results — one user message in the tag protocol, `role: 'tool'`
// messages for native calls.
import type { ToolUse } from '../parser/blocks.js';
import { DEFAULT_HISTORY_RULE, type HistoryRule } from '../profiles/profiles.js';
import { describeToolUse } from './describe-tool-use.js';
import { stripLeadingReasoning, type StripReasoningOptions } from './strip-leading-reasoning.js';
import type { ChatMessage, ChatToolCall } from '../wire/types.js';

/** One tool use and its result, for {@link toolResultMessages}. */
export interface ToolResultEntry {
  toolUse: ToolUse;
  /** What the tool returned, or (isError) what went wrong. */
  content: string;
  /** The result reports a failure (sent to the model as an error). */
  isError?: boolean;
}

/** A finished reply as {@link assistantHistoryMessage} takes it. */
export interface AssistantReply extends StripReasoningOptions {
  /** The whole `content` text, as it streamed. */
  content: string;
  /** Native tool calls, as they streamed (with any `extra_content`). */
  toolCalls?: ChatToolCall[];
  /** The reasoning text of the reply's reasoning field. */
  reasoning?: string;
  /** OpenRouter's `reasoning_details`, merged as they streamed. */
  reasoningDetails?: readonly unknown[];
  /** The model's history rule (see `historyRuleOf`). Default: {@link DEFAULT_HISTORY_RULE}, content only. */
  rule?: HistoryRule;
}

/** Thinking blocks (Anthropic Messages) and reasoning items (Responses): entries only those wires give. */
function isWireReasoning(entry: unknown): boolean {
  const type = (entry as { type?: unknown } | null)?.type;
  return type === 'thinking' || type === 'redacted_thinking' || type === 'reasoning';
}

/** Whether a rule sends the reasoning of a message with (or without) tool calls. */
function sendsReasoning(rule: HistoryRule, hasToolCalls: boolean): boolean {
  return rule.reasoning === 'all' || (rule.reasoning === 'tool-turns' && hasToolCalls);
}

/**
 * The assistant message for the history, as the model's history rule asks: the content (a
 * leading `<think>…</think>` left out unless `keepInlineReasoning`), `tool_calls` for native
 * calls (their `extra_content` unchanged), the reasoning on the turns the rule names, and
 * `reasoning_details` as they came (they then stand for the reasoning text; the thinking blocks and
 * reasoning items of the Messages and Responses wires always, whatever the rule). Nothing is rebuilt:
 * opaque values are the very values the stream carried. `reasoningTags` / `startInReasoning` say
 * how the reply was parsed (default: `think`).
 *
 * @example
 * ```ts
 * import { assistantHistoryMessage, historyRuleOf, profileFor } from 'agent-turn';
 *
 * const message = assistantHistoryMessage({
 *   content: '',
 *   reasoning: 'The file list first.',
 *   toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'list_files', arguments: '{"path":"."}' } }],
 *   rule: historyRuleOf(profileFor('deepseek-v4-pro')),
 * });
 * message.reasoning_content; // 'The file list first.': DeepSeek refuses the next request without it
 * ```
 */
export function assistantHistoryMessage(reply: AssistantReply): ChatMessage {
  const rule = reply.rule ?? DEFAULT_HISTORY_RULE;
  const opaque = rule.opaque ?? DEFAULT_HISTORY_RULE.opaque;
  const content = rule.keepInlineReasoning === true ? reply.content : stripLeadingReasoning(reply.content, reply);
  const toolCalls = reply.toolCalls ?? [];
  const hasToolCalls = toolCalls.length > 0;
  const message: ChatMessage = { role: 'assistant', content };
  if (hasToolCalls) {
    // With tool calls an empty content is null (some providers refuse an empty string), or '' where null is refused.
    if (content === '') message.content = rule.emptyToolCallContent === 'empty-string' ? '' : null;
    const keepExtra = opaque.includes('extra_content');
    message.tool_calls = toolCalls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.function.name, arguments: c.function.arguments },
      ...(keepExtra && c.extra_content !== undefined ? { extra_content: c.extra_content } : {}),
    }));
  }
  // A rule of Chat Completions' providers never drops what the Messages and Responses wires need back.
  const details = opaque.includes('reasoning_details')
    ? (reply.reasoningDetails ?? [])
    : (reply.reasoningDetails ?? []).filter(isWireReasoning);
  if (details.length > 0) {
    message.reasoning_details = [...details];
  } else if (sendsReasoning(rule, hasToolCalls) && reply.reasoning !== undefined && reply.reasoning !== '') {
    message[rule.reasoningField ?? DEFAULT_HISTORY_RULE.reasoningField] = reply.reasoning;
  }
  return message;
}

function resultText(entry: ToolResultEntry): string {
  if (entry.isError) return `The tool execution failed with the following error:\n<error>\n${entry.content}\n</error>`;
  return entry.content === '' ? '(tool did not return anything)' : entry.content;
}

/**
 * Tool results for the next request. Native calls (`toolUse.isNativeToolCall`) become
 * `role: 'tool'` messages, first (they must follow the assistant message); tag results and
 * `notes` (e.g. "the message was cut off") become one user message after them.
 */
export function toolResultMessages(results: ToolResultEntry[], options: { notes?: string[] } = {}): ChatMessage[] {
  const messages: ChatMessage[] = [];
  const parts: string[] = [];
  for (const entry of results) {
    if (entry.toolUse.isNativeToolCall) {
      messages.push({ role: 'tool', tool_call_id: entry.toolUse.call_id, content: resultText(entry) });
    } else {
      parts.push(`${describeToolUse(entry.toolUse)} Result:\n${resultText(entry)}`);
    }
  }
  for (const note of options.notes ?? []) if (note !== '') parts.push(note);
  if (parts.length > 0) messages.push({ role: 'user', content: parts.join('\n\n') });
  return messages;
}
