// Anthropic Messages content block events (start, delta, stop) -> normalized events: text and
// thinking deltas as they come, each tool_use block as one native call (its input JSON as
// argument deltas), thinking blocks whole at their stop with their signature.
import { isObject, malformed } from './chunk-events.js';
import type { ChatStreamEvent } from './types.js';

type Json = Record<string, unknown>;

/** What the reader keeps of one open content block. */
export interface OpenBlock {
  kind: 'text' | 'thinking' | 'tool_use' | 'other';
  /** tool_use: the call's index among the reply's calls; whether any input delta came; the start's input. */
  call?: number;
  gotInput?: boolean;
  input?: unknown;
  /** thinking: its text and signature so far, in pieces. */
  thinking?: string[];
  signature?: string[];
}

/** The content blocks of one stream: the open ones by index, and the tool calls numbered so far. */
export interface AnthropicBlocks {
  open: Map<number, OpenBlock>;
  calls: number;
}

function stringField(value: Json, key: string, chunkNumber: number, what: string): string {
  const text = value[key];
  if (typeof text !== 'string') throw malformed(chunkNumber, `${what}.${key} is not a string`, value);
  return text;
}

/** A content_block_start: a new open block (and its first text or call). */
export function startBlock(stream: AnthropicBlocks, event: Json, out: ChatStreamEvent[], n: number): void {
  const block = event.content_block;
  if (!isObject(block)) throw malformed(n, 'content_block_start without a content_block object', event);
  const index = blockIndex(event, n);
  switch (block.type) {
    case 'text': {
      const text = typeof block.text === 'string' ? block.text : '';
      if (text !== '') out.push({ type: 'text', text });
      stream.open.set(index, { kind: 'text' });
      return;
    }
    case 'thinking': {
      const text = typeof block.thinking === 'string' ? block.thinking : '';
      if (text !== '') out.push({ type: 'reasoning', text });
      const signature = typeof block.signature === 'string' ? block.signature : '';
      stream.open.set(index, { kind: 'thinking', thinking: [text], signature: [signature] });
      return;
    }
    case 'redacted_thinking':
      // Whole in its start: encrypted thinking, sent back as it came.
      out.push({ type: 'reasoning-details', details: [block] });
      stream.open.set(index, { kind: 'other' });
      return;
    case 'tool_use': {
      const id = stringField(block, 'id', n, 'content_block');
      const name = stringField(block, 'name', n, 'content_block');
      const call = stream.calls++;
      out.push({ type: 'tool-call', index: call, id, name, argumentsDelta: '' });
      stream.open.set(index, { kind: 'tool_use', call, gotInput: false, input: block.input });
      return;
    }
    default:
      // Server tools' blocks (web search results, …) are the provider's own business.
      stream.open.set(index, { kind: 'other' });
  }
}

/** A content_block_delta: text, thinking, its signature, or a call's input JSON. */
export function blockDelta(stream: AnthropicBlocks, event: Json, out: ChatStreamEvent[], n: number): void {
  const delta = event.delta;
  if (!isObject(delta)) throw malformed(n, 'content_block_delta without a delta object', event);
  const block = stream.open.get(blockIndex(event, n));
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

/** A content_block_stop: a thinking block whole, or a call whose input came in its start. */
export function stopBlock(stream: AnthropicBlocks, event: Json, out: ChatStreamEvent[], n: number): void {
  const index = blockIndex(event, n);
  const block = stream.open.get(index);
  stream.open.delete(index);
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

/** The event's block index, checked. */
function blockIndex(event: Json, n: number): number {
  const index = event.index;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0)
    throw malformed(n, 'a content block event without a non-negative integer "index"', event);
  return index;
}
