// What recovered calls held as text keep (see deferred-calls.ts), in the form each outcome needs,
// and the text block shown while they are held. The strict scan's snapshot reads that text too,
// so it stands apart from the holding itself.
//
// Cost: a held construct adds its blocks and six array slots, nothing else; the text shown is
// put together only when a snapshot reads it, from what was held since the last read.

import type { AssistantMessageContent } from '../blocks.js';
import type { TextBuilder } from '../text-builders.js';

/** Recovered calls held as text while the reply may have begun inside reasoning. */
export interface HeldCalls {
  /** In order, the text before each held construct (if any) and the construct's tool uses. */
  readonly blocks: AssistantMessageContent[];
  /**
   * In order, per held construct ({@link PARTS} slots): the whitespace before the text before it,
   * that text, the whitespace after it, then the construct's opener, body and close, as written.
   */
  readonly asWritten: string[];
  /** The text shown before the builder's, as far as `shownParts` of `asWritten`. */
  shown: string;
  /** The whitespace after `shown`: shown only when more text follows. */
  gap: string;
  shownParts: number;
}

/** Slots of {@link HeldCalls.asWritten} per held construct. */
const PARTS = 6;

/** Nothing held yet. */
export function createHeldCalls(): HeldCalls {
  return { blocks: [], asWritten: [], shown: '', gap: '', shownParts: 0 };
}

/** Keeps the text in `text` and the construct after it as written. */
export function keepAsWritten(held: HeldCalls, text: TextBuilder, opener: string, body: string, close: string): void {
  // in parts: a string made of them would be more objects per construct, kept to the end
  held.asWritten.push(text.leading, text.value, text.trailing, opener, body, close);
}

/**
 * The text shown for `text` while calls are held: the texts before them too, joined by the
 * whitespace between them, as one trimmed text of them all would show it. O(constructs held
 * since the last read): the rest is a rope kept from then.
 */
export function shownWith(held: HeldCalls, text: TextBuilder): string {
  const parts = held.asWritten;
  for (let i = held.shownParts; i < parts.length; i += PARTS) {
    const content = parts[i + 1]!;
    if (content === '') held.gap += parts[i]! + parts[i + 2]!;
    else {
      held.shown = held.shown === '' ? content : held.shown + held.gap + parts[i]! + content;
      held.gap = parts[i + 2]!;
    }
  }
  held.shownParts = parts.length;
  const value = text.value;
  if (held.shown === '') return value;
  return value === '' ? held.shown : held.shown + held.gap + text.leading + value;
}
