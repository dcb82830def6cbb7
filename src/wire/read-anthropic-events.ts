// Anthropic Messages stream events -> normalized events, one parsed event at a time: text and
// thinking deltas as they come, each tool_use block as one native call (its input JSON as
// argument deltas), thinking blocks whole at their stop with their signature (a
// 'reasoning-details' entry in Anthropic's own block shape, sent back unchanged on a tool turn),
// usage and the stop reason at message_delta. Follows the "Streaming Messages" page of
// Anthropic's docs (docs.anthropic.com/en/docs/build-with-claude/streaming).
import { anthropicFinishReason } from './anthropic-stop-reason.js';
import { count, isObject, malformed } from './chunk-events.js';
import { providerError } from './provider-error.js';
import type { ChatStreamEvent, ChatUsage } from './types.js';
import type { ChunkOutcome, WireChunkReader } from './wire-chunk-reader.js';

type Json = Record<string, unknown>;

/** What the reader keeps of one open content block. */
interface OpenBlock {
  kind: 'text' | 'thinking' | 'tool_use' | 'other';
  /** tool_use: the call's index among the reply's calls; whether any input delta came; the start's input. */
  call?: number;
  gotInput?: boolean;
  input?: unknown;
  /** thinking: its text and signature so far, in pieces. */
  thinking?: string[];
  signature?: string[];
}

/** Anthropic's usage: the prompt counts the cached parts too; `output_tokens` is cumulative. */
function anthropicUsage(start: Json | undefined, last: Json): ChatUsage {
  const read = (key: string) => count(last[key]) ?? (start === undefined ? undefined : count(start[key])) ?? 0;
  const input = read('input_tokens');
  const cacheRead = read('cache_read_input_tokens');
  const cacheWrite = read('cache_creation_input_tokens');
  const output = count(last.output_tokens);
  const promptTokens = input + cacheRead + cacheWrite;
  const completionTokens = output ?? read('output_tokens');
  const usage: ChatUsage = { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
  if (cacheRead > 0 || count(last.cache_read_input_tokens) !== undefined) usage.cachedTokens = cacheRead;
  return usage;
}

function stringField(value: Json, key: string, chunkNumber: number, what: string): string {
  const text = value[key];
  if (typeof text !== 'string') throw malformed(chunkNumber, `${what}.${key} is not a string`, value);
  return text;
}

/**
 * A reader of one Anthropic Messages stream (see {@link WireChunkReader}): feed it each event's
 * parsed data (or the `@anthropic-ai/sdk` stream's event objects) in order.
 */
export function createAnthropicEventReader(): WireChunkReader {
  const blocks = new Map<number, OpenBlock>();
  let calls = 0;
  let startUsage: Json | undefined;

  function startBlock(event: Json, out: ChatStreamEvent[], n: number): void {
    const block = event.content_block;
    if (!isObject(block)) throw malformed(n, 'content_block_start without a content_block object', event);
    const index = blockIndex(event, n);
    switch (block.type) {
      case 'text': {
        const text = typeof block.text === 'string' ? block.text : '';
        if (text !== '') out.push({ type: 'text', text });
        blocks.set(index, { kind: 'text' });
        return;
      }
      case 'thinking': {
        const text = typeof block.thinking === 'string' ? block.thinking : '';
        if (text !== '') out.push({ type: 'reasoning', text });
        const signature = typeof block.signature === 'string' ? block.signature : '';
        blocks.set(index, { kind: 'thinking', thinking: [text], signature: [signature] });
        return;
      }
      case 'redacted_thinking':
        // Whole in its start: encrypted thinking, sent back as it came.
        out.push({ type: 'reasoning-details', details: [block] });
        blocks.set(index, { kind: 'other' });
        return;
      case 'tool_use': {
        const id = stringField(block, 'id', n, 'content_block');
        const name = stringField(block, 'name', n, 'content_block');
        const call = calls++;
        out.push({ type: 'tool-call', index: call, id, name, argumentsDelta: '' });
        blocks.set(index, { kind: 'tool_use', call, gotInput: false, input: block.input });
        return;
      }
      default:
        // Server tools' blocks (web search results, …) are the provider's own business.
        blocks.set(index, { kind: 'other' });
    }
  }

  function blockDelta(event: Json, out: ChatStreamEvent[], n: number): void {
    const delta = event.delta;
    if (!isObject(delta)) throw malformed(n, 'content_block_delta without a delta object', event);
    const block = blocks.get(blockIndex(event, n));
    if (block === undefined) throw malformed(n, 'a content_block_delta for a block that was not started', event);
    switch (delta.type) {
      case 'text_delta': {
        const text = stringField(delta, 'text', n, 'delta');
        if (text !== '') out.push({ type: 'text', text });
        return;
      }
      case 'thinking_delta': {
        const text = stringField(delta, 'thinking', n, 'delta');
        if (text !== '') out.push({ type: 'reasoning', text });
        block.thinking?.push(text);
        return;
      }
      case 'signature_delta':
        block.signature?.push(stringField(delta, 'signature', n, 'delta'));
        return;
      case 'input_json_delta': {
        const json = stringField(delta, 'partial_json', n, 'delta');
        if (block.call === undefined) throw malformed(n, 'input_json_delta outside a tool_use block', event);
        block.gotInput = true;
        if (json !== '') out.push({ type: 'tool-call', index: block.call, argumentsDelta: json });
        return;
      }
      default:
      // Deltas of kinds to come (citations, …) carry nothing this package shows.
    }
  }

  function stopBlock(event: Json, out: ChatStreamEvent[], n: number): void {
    const index = blockIndex(event, n);
    const block = blocks.get(index);
    blocks.delete(index);
    if (block?.kind === 'thinking') {
      const thinking = block.thinking?.join('') ?? '';
      const signature = block.signature?.join('') ?? '';
      out.push({ type: 'reasoning-details', details: [{ type: 'thinking', thinking, signature }] });
    } else if (block?.kind === 'tool_use' && block.gotInput === false) {
      // No input deltas: the input came whole in the start (or the call takes none).
      const input = isObject(block.input) ? block.input : {};
      out.push({ type: 'tool-call', index: block.call ?? 0, argumentsDelta: JSON.stringify(input) });
    }
  }

  function messageDelta(event: Json, out: ChatStreamEvent[], n: number): boolean {
    const usage = event.usage;
    if (usage !== undefined && usage !== null) {
      if (!isObject(usage)) throw malformed(n, '"usage" is not an object', usage);
      out.push({ type: 'usage', usage: anthropicUsage(startUsage, usage) });
    }
    const delta = event.delta;
    const reason = isObject(delta) ? delta.stop_reason : undefined;
    if (typeof reason !== 'string' || reason === '') return false;
    out.push({ type: 'finish', reason: anthropicFinishReason(reason) });
    return true;
  }

  return (chunk, out, n): ChunkOutcome => {
    if (!isObject(chunk)) throw malformed(n, 'not a JSON object', chunk);
    switch (chunk.type) {
      case 'message_start': {
        const message = chunk.message;
        if (isObject(message) && isObject(message.usage)) startUsage = message.usage;
        return false;
      }
      case 'content_block_start':
        startBlock(chunk, out, n);
        return false;
      case 'content_block_delta':
        blockDelta(chunk, out, n);
        return false;
      case 'content_block_stop':
        stopBlock(chunk, out, n);
        return false;
      case 'message_delta':
        return messageDelta(chunk, out, n);
      case 'message_stop':
        return 'end';
      case 'error':
        throw providerError(chunk.error ?? chunk, `event ${n} (error)`);
      default:
        return false; // ping, and event kinds to come
    }
  };
}

function blockIndex(event: Json, n: number): number {
  const index = event.index;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0)
    throw malformed(n, 'a content block event without a non-negative integer "index"', event);
  return index;
}
