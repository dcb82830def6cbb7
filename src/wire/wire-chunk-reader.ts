// The contract between the SSE decoder and one wire's reader of parsed events.
import type { ChatStreamEvent } from './types.js';

/**
 * What one parsed event said of the stream's end: `false` nothing, `true` a stop reason came
 * (the answer is whole), `'end'` the wire's last event came (nothing more is read).
 */
export type ChunkOutcome = boolean | 'end';

/**
 * Appends the normalized events of one parsed SSE data object (or an SDK's event object) to
 * `out`; throws ChatError ('provider-error', 'malformed-chunk'). A reader is made per stream and
 * keeps what it must of the stream so far (which block an index is, the signature of a thinking
 * block): call it with the events in order.
 */
export type WireChunkReader = (chunk: unknown, out: ChatStreamEvent[], chunkNumber: number) => ChunkOutcome;
