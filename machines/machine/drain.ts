// Reading the rest of a reply after the turn stopped presenting it (one tool per message, the
// completion tool, a rejection). Real providers send `finish_reason` and `usage` in the last
// chunks, after the tool's closing tag; stopping the stream at the tool would lose them. So the
// stream is read on — shown to nobody, run by nothing — until it ends, a grace runs out, or the
// model clearly goes on writing (more than `maxChars` non-whitespace characters after the stop).
import type { AssistantMessageContent } from '../../src/parser/blocks.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';

/** How long the rest of a reply is read after the turn stopped presenting it. */
export interface DrainPolicy {
  /**
   * Wait this long for the stream's end (finish reason, usage) once the reply's last presented
   * block is dealt with (its tool ran or was decided). Default 3000 ms: providers send the usage
   * chunk within milliseconds of the last token, gateways within a second or two.
   */
  graceMs?: number;
  /**
   * Cancel the stream at once when more than this many non-whitespace characters follow the
   * block where the presentation stopped: the model is writing on (a second tool, more prose)
   * and reading it costs time and tokens for nothing. Default 300 (about 75 tokens).
   */
  maxChars?: number;
}

export const DEFAULT_DRAIN_GRACE_MS = 3000;
export const DEFAULT_DRAIN_MAX_CHARS = 300;

/** Non-whitespace characters in a string. */
export function nonWhitespaceLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // space, tab, line feed, vertical tab, form feed, carriage return, no-break space
    if (c !== 32 && (c < 9 || c > 13) && c !== 160) n++;
  }
  return n;
}

/** What the model wrote in the blocks after `index` (the block where the presentation stopped). */
export function contentAfter(blocks: readonly AssistantMessageContent[], index: number): number {
  let n = 0;
  for (let i = index + 1; i < blocks.length; i++) {
    const b = blocks[i];
    if (b.type === 'text') n += nonWhitespaceLength(b.content);
    else if (b.type === 'reasoning') n += nonWhitespaceLength(b.reasoning);
    else {
      n += b.name.length;
      for (const value of Object.values(b.params)) n += nonWhitespaceLength(value);
    }
  }
  return n;
}

/** What the model wrote in these stream events (finish and usage are not writing). */
export function contentIn(events: readonly ChatStreamEvent[]): number {
  let n = 0;
  for (const e of events) {
    if (e.type === 'text' || e.type === 'reasoning') n += nonWhitespaceLength(e.text);
    else if (e.type === 'tool-call') n += nonWhitespaceLength(e.argumentsDelta) + (e.name?.length ?? 0);
  }
  return n;
}
