// A whole reply gathered from its stream events: what `complete()` answers on the wires that
// are read as streams only (Anthropic Messages, Responses).
import { mergeReasoningDetails } from './reasoning-details.js';
import type { ChatCompletionResult, ChatStreamEvent, ChatToolCall } from './types.js';

/** Reads `events` to their end and gathers them as one non-streamed result. */
export async function collectCompletion(events: AsyncIterable<ChatStreamEvent>): Promise<ChatCompletionResult> {
  const reasoning: string[] = [];
  const content: string[] = [];
  const calls: { id: string; name: string; args: string[]; extra?: Record<string, unknown> }[] = [];
  let details: unknown[] = [];
  const result: ChatCompletionResult = { reasoning: '', content: '', toolCalls: [], finishReason: null };
  for await (const event of events) {
    if (event.type === 'text') content.push(event.text);
    else if (event.type === 'reasoning') reasoning.push(event.text);
    else if (event.type === 'reasoning-details') details = mergeReasoningDetails(details, event.details);
    else if (event.type === 'usage') result.usage = event.usage;
    else if (event.type === 'finish') result.finishReason = event.reason;
    else {
      const call = (calls[event.index] ??= { id: '', name: '', args: [] });
      if (event.id !== undefined) call.id = event.id;
      if (event.name !== undefined) call.name = event.name;
      if (event.extraContent !== undefined) call.extra = event.extraContent;
      call.args.push(event.argumentsDelta);
    }
  }
  result.reasoning = reasoning.join('');
  result.content = content.join('');
  result.toolCalls = calls
    .filter((c) => c !== undefined)
    .map(
      (c): ChatToolCall => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: c.args.join('') },
        ...(c.extra === undefined ? {} : { extra_content: c.extra }),
      }),
    );
  if (details.length > 0) result.reasoningDetails = details;
  return result;
}
