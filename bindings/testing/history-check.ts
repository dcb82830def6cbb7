// A history is well formed when the next request can be built from it: every native tool call of
// an assistant message is answered by a `tool` message with its id before anything else is said,
// no tool message answers nothing, and assistant messages do not follow one another.
import type { ChatMessage } from '../../src/wire/types.js';

/** What is wrong with a history for the next request, or undefined when nothing is. */
export function historyProblem(messages: readonly ChatMessage[]): string | undefined {
  let waiting: string[] = [];
  for (const [i, m] of messages.entries()) {
    if (m.role === 'tool') {
      const id = (m as { tool_call_id?: string }).tool_call_id;
      // Stryker disable next-line ConditionalExpression: no call waits for an undefined id, so `includes` would answer the same; the test only narrows the type
      if (id === undefined || !waiting.includes(id))
        return `message ${i}: a tool result for ${id ?? 'no call'} that no call asked for`;
      waiting = waiting.filter((w) => w !== id);
      continue;
    }
    if (waiting.length > 0) return `message ${i}: the tool calls ${waiting.join(', ')} got no result before it`;
    if (m.role === 'assistant') {
      if (messages[i - 1]?.role === 'assistant') return `message ${i}: two assistant messages in a row`;
      waiting = ((m as { tool_calls?: { id: string }[] }).tool_calls ?? []).map((c) => c.id);
    }
  }
  return undefined;
}
