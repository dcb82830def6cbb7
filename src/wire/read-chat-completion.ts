// A non-streamed chat completion, normalized like the stream: reasoning from
// `reasoning_content` then `reasoning`, content, native tool calls, usage, finish reason.
import { appendChunkEvents } from './chunk-events.js';
import { ChatError } from './errors.js';
import { preview } from './preview.js';
import { mergeReasoningDetails } from './reasoning-details.js';
import type { ChatCompletionResult, ChatStreamEvent, ChatToolCall } from './types.js';

/** The body of a non-streamed response as stream events (a server may ignore `stream: true`). */
export function completionEvents(json: unknown): ChatStreamEvent[] {
  let value = json;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new ChatError('malformed-chunk', `the completion is not JSON: ${preview(value as string)}`);
    }
  }
  const events: ChatStreamEvent[] = [];
  // A completion is one chunk whose choice holds `message` instead of `delta`.
  appendChunkEvents(value, events, 1);
  const choices = (value as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || choices.length === 0) {
    throw new ChatError('malformed-chunk', `the completion has no choices: ${preview(JSON.stringify(value))}`);
  }
  return events;
}

/** Normalizes the JSON body (object or text) of a non-streamed `/chat/completions` response. */
export function readChatCompletion(json: unknown): ChatCompletionResult {
  const events = completionEvents(json);
  let reasoning = '';
  let content = '';
  let details: unknown[] | undefined;
  // By index; a different id at a used index is another call (some servers number every call 0).
  const calls: { index: number; providerId?: string; call: ChatToolCall }[] = [];
  const result: ChatCompletionResult = { reasoning: '', content: '', toolCalls: [], finishReason: null };
  for (const event of events) {
    switch (event.type) {
      case 'reasoning':
        reasoning += event.text;
        break;
      case 'text':
        content += event.text;
        break;
      case 'reasoning-details':
        details = mergeReasoningDetails(details ?? [], event.details);
        break;
      case 'tool-call': {
        let entry: (typeof calls)[number] | undefined;
        for (let i = calls.length - 1; i >= 0 && entry === undefined; i--)
          if (calls[i].index === event.index) entry = calls[i];
        if (
          entry === undefined ||
          (event.id !== undefined && entry.providerId !== undefined && event.id !== entry.providerId)
        ) {
          const id = event.id ?? `call_${event.index}`;
          entry = {
            index: event.index,
            providerId: event.id,
            call: { id, type: 'function', function: { name: '', arguments: '' } },
          };
          calls.push(entry);
        }
        if (event.name !== undefined) entry.call.function.name += event.name;
        entry.call.function.arguments += event.argumentsDelta;
        if (event.extraContent !== undefined)
          entry.call.extra_content = { ...entry.call.extra_content, ...event.extraContent };
        break;
      }
      case 'usage':
        result.usage = event.usage;
        break;
      case 'finish':
        result.finishReason = event.reason;
        break;
    }
  }
  result.reasoning = reasoning;
  result.content = content;
  if (details !== undefined) result.reasoningDetails = details;
  // A stable sort: calls sharing an index keep their order.
  result.toolCalls = calls.sort((a, b) => a.index - b.index).map((c) => c.call);
  return result;
}
