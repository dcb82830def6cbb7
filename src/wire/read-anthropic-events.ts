// Anthropic Messages stream events -> normalized events, one parsed event at a time: text and
// thinking deltas as they come, each tool_use block as one native call (its input JSON as
// argument deltas), thinking blocks whole at their stop with their signature (a
// 'reasoning-details' entry in Anthropic's own block shape, sent back unchanged on a tool turn),
// usage and the stop reason at message_delta. Follows the "Streaming Messages" page of
// Anthropic's docs (docs.anthropic.com/en/docs/build-with-claude/streaming).
import { anthropicFinishReason } from './anthropic-stop-reason.js';
import { type AnthropicBlocks, blockDelta, startBlock, stopBlock } from './anthropic-block-events.js';
import { anthropicUsage } from './anthropic-usage.js';
import { isObject, malformed } from './chunk-events.js';
import { providerError } from './provider-error.js';
import type { ChatStreamEvent } from './types.js';
import type { ChunkOutcome, WireChunkReader } from './wire-chunk-reader.js';

type Json = Record<string, unknown>;

/** A message_delta: usage so far, and the stop reason when it came (then true). */
function messageDelta(startUsage: Json | undefined, event: Json, out: ChatStreamEvent[], n: number): boolean {
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

/**
 * A reader of one Anthropic Messages stream (see {@link WireChunkReader}): feed it each event's
 * parsed data (or the `@anthropic-ai/sdk` stream's event objects) in order.
 */
export function createAnthropicEventReader(): WireChunkReader {
  const blocks: AnthropicBlocks = { open: new Map(), calls: 0 };
  let startUsage: Json | undefined;

  return (chunk, out, n): ChunkOutcome => {
    if (!isObject(chunk)) throw malformed(n, 'not a JSON object', chunk);
    switch (chunk.type) {
      case 'message_start': {
        const message = chunk.message;
        if (isObject(message) && isObject(message.usage)) startUsage = message.usage;
        return false;
      }
      case 'content_block_start':
        startBlock(blocks, chunk, out, n);
        return false;
      case 'content_block_delta':
        blockDelta(blocks, chunk, out, n);
        return false;
      case 'content_block_stop':
        stopBlock(blocks, chunk, out, n);
        return false;
      case 'message_delta':
        return messageDelta(startUsage, chunk, out, n);
      case 'message_stop':
        return 'end';
      case 'error':
        throw providerError(chunk.error ?? chunk, `event ${n} (error)`);
      default:
        return false; // ping, and event kinds to come
    }
  };
}
