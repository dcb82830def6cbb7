// The next request's history: the assistant's `content` (never its reasoning) plus its native
// calls, then the tool results — one user message in the tag protocol, `role: 'tool'`
// messages for native calls.
import type { ToolUse } from '../parser/blocks.js';
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

/**
 * The assistant message for the history: content only, plus `tool_calls` for native calls.
 * A leading inline reasoning section (`<think>…</think>`) is reasoning, so it is left out too;
 * `reasoningTags` / `startInReasoning` say how the reply was parsed (default: `think`).
 */
export function assistantHistoryMessage(
  reply: { content: string; toolCalls?: ChatToolCall[] } & StripReasoningOptions,
): ChatMessage {
  const content = stripLeadingReasoning(reply.content, reply);
  const toolCalls = reply.toolCalls ?? [];
  if (toolCalls.length === 0) return { role: 'assistant', content };
  // With tool calls an empty content is null: some providers refuse an empty string there.
  return {
    role: 'assistant',
    content: content === '' ? null : content,
    tool_calls: toolCalls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.function.name, arguments: c.function.arguments },
    })),
  };
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
