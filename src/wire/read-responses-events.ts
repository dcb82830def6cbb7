// OpenAI Responses stream events -> normalized events, one parsed event at a time: output text,
// reasoning (summary or raw text) as it comes, each function_call item as one native call, each
// reasoning item whole at its `output_item.done` (a 'reasoning-details' entry: the item as it
// came, `encrypted_content` included, sent back with the next request), usage and the end at
// `response.completed` / `response.incomplete`. Follows OpenAI's "Streaming events" reference of
// the Responses API (platform.openai.com/docs/api-reference/responses-streaming).
import { count, isObject, malformed } from './chunk-events.js';
import { providerError } from './provider-error.js';
import type { ChatStreamEvent, ChatUsage } from './types.js';
import type { ChunkOutcome, WireChunkReader } from './wire-chunk-reader.js';

type Json = Record<string, unknown>;

/** The Responses API's usage, in this package's names. */
function responsesUsage(usage: Json): ChatUsage {
  const promptTokens = count(usage.input_tokens) ?? 0;
  const completionTokens = count(usage.output_tokens) ?? 0;
  const out: ChatUsage = {
    promptTokens,
    completionTokens,
    totalTokens: count(usage.total_tokens) ?? promptTokens + completionTokens,
  };
  const reasoning = isObject(usage.output_tokens_details)
    ? count(usage.output_tokens_details.reasoning_tokens)
    : undefined;
  const cached = isObject(usage.input_tokens_details) ? count(usage.input_tokens_details.cached_tokens) : undefined;
  if (reasoning !== undefined) out.reasoningTokens = reasoning;
  if (cached !== undefined) out.cachedTokens = cached;
  return out;
}

/** Why a `response.incomplete` stopped, as a finish reason. */
function incompleteReason(response: Json): string {
  const details = response.incomplete_details;
  const reason = isObject(details) ? details.reason : undefined;
  if (reason === 'max_output_tokens') return 'length';
  if (reason === 'content_filter') return 'content_filter';
  return typeof reason === 'string' && reason !== '' ? reason : 'length';
}

function textOf(event: Json, key: string, n: number): string {
  const text = event[key];
  if (typeof text !== 'string') throw malformed(n, `${String(event.type)}.${key} is not a string`, event);
  return text;
}

/**
 * A reader of one Responses stream (see {@link WireChunkReader}): feed it each event's parsed
 * data (or the `openai` SDK's `responses.create({ stream: true })` event objects) in order.
 */
export function createResponsesEventReader(): WireChunkReader {
  /** output_index -> the call's index among the reply's calls, and whether argument deltas came. */
  const calls = new Map<number, { call: number; gotArguments: boolean }>();
  let callCount = 0;

  function outputIndex(event: Json, n: number): number {
    const index = event.output_index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0)
      throw malformed(n, `${String(event.type)} without a non-negative integer "output_index"`, event);
    return index;
  }

  function itemAdded(event: Json, out: ChatStreamEvent[], n: number): void {
    const item = event.item;
    if (!isObject(item)) throw malformed(n, 'response.output_item.added without an item object', event);
    if (item.type !== 'function_call') return;
    const id = typeof item.call_id === 'string' && item.call_id !== '' ? item.call_id : undefined;
    const name = typeof item.name === 'string' && item.name !== '' ? item.name : undefined;
    if (id === undefined || name === undefined)
      throw malformed(n, 'a function_call item without call_id or name', item);
    const call = callCount++;
    calls.set(outputIndex(event, n), { call, gotArguments: false });
    const args = typeof item.arguments === 'string' ? item.arguments : '';
    out.push({ type: 'tool-call', index: call, id, name, argumentsDelta: args });
    if (args !== '') (calls.get(outputIndex(event, n)) as { gotArguments: boolean }).gotArguments = true;
  }

  function itemDone(event: Json, out: ChatStreamEvent[], n: number): void {
    const item = event.item;
    if (!isObject(item)) throw malformed(n, 'response.output_item.done without an item object', event);
    if (item.type === 'reasoning') out.push({ type: 'reasoning-details', details: [item] });
    else if (item.type === 'function_call') {
      const at = calls.get(outputIndex(event, n));
      // Arguments that came whole in the done item only (no deltas).
      if (at !== undefined && !at.gotArguments && typeof item.arguments === 'string' && item.arguments !== '')
        out.push({ type: 'tool-call', index: at.call, argumentsDelta: item.arguments });
    }
  }

  function finished(event: Json, out: ChatStreamEvent[], n: number, complete: boolean): ChunkOutcome {
    const response = event.response;
    if (!isObject(response)) throw malformed(n, `${String(event.type)} without a response object`, event);
    if (isObject(response.usage)) out.push({ type: 'usage', usage: responsesUsage(response.usage) });
    const reason = !complete ? incompleteReason(response) : callCount > 0 ? 'tool_calls' : 'stop';
    out.push({ type: 'finish', reason });
    return 'end';
  }

  return (chunk, out, n): ChunkOutcome => {
    if (!isObject(chunk)) throw malformed(n, 'not a JSON object', chunk);
    switch (chunk.type) {
      case 'response.output_text.delta':
      case 'response.refusal.delta': {
        const text = textOf(chunk, 'delta', n);
        if (text !== '') out.push({ type: 'text', text });
        return false;
      }
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta': {
        const text = textOf(chunk, 'delta', n);
        if (text !== '') out.push({ type: 'reasoning', text });
        return false;
      }
      case 'response.reasoning_summary_part.added':
        // Summary parts are paragraphs: the second and later ones begin a new one.
        if (typeof chunk.summary_index === 'number' && chunk.summary_index > 0)
          out.push({ type: 'reasoning', text: '\n\n' });
        return false;
      case 'response.output_item.added':
        itemAdded(chunk, out, n);
        return false;
      case 'response.function_call_arguments.delta': {
        const delta = textOf(chunk, 'delta', n);
        const at = calls.get(outputIndex(chunk, n));
        if (at === undefined) throw malformed(n, 'function_call_arguments.delta for an item that was not added', chunk);
        at.gotArguments = true;
        if (delta !== '') out.push({ type: 'tool-call', index: at.call, argumentsDelta: delta });
        return false;
      }
      case 'response.output_item.done':
        itemDone(chunk, out, n);
        return false;
      case 'response.completed':
        return finished(chunk, out, n, true);
      case 'response.incomplete':
        return finished(chunk, out, n, false);
      case 'response.failed': {
        const response = isObject(chunk.response) ? chunk.response : {};
        throw providerError(response.error ?? 'the response failed', `event ${n} (response.failed)`);
      }
      case 'error':
        throw providerError(isObject(chunk.error) ? chunk.error : chunk, `event ${n} (error)`);
      default:
        return false; // created, in_progress, content_part.*, *.done, and event kinds to come
    }
  };
}
