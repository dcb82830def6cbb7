// The reader of parsed stream events for each wire.
import type { ChatWire } from './chat-wire.js';
import { appendChunkEvents } from './chunk-events.js';
import { createAnthropicEventReader } from './read-anthropic-events.js';
import { createResponsesEventReader } from './read-responses-events.js';
import type { WireChunkReader } from './wire-chunk-reader.js';

/** A fresh reader for one stream of `wire` (Chat Completions' keeps no state: the same function each time). */
export function wireReaderFor(wire: ChatWire): WireChunkReader {
  if (wire === 'anthropic-messages') return createAnthropicEventReader();
  if (wire === 'responses') return createResponsesEventReader();
  return appendChunkEvents;
}
