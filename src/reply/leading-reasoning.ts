// A reply's leading reasoning block: it grows with the reasoning deltas (leading whitespace
// dropped as it arrives) and closes for good when the answer or a tool call starts.
import type { ReasoningStreamContent } from '../parser/blocks.js';

/** The leading reasoning block of one reply; see {@link createLeadingReasoning}. */
export interface LeadingReasoning {
  /** Adds a reasoning delta while the block is open; whether the block changed. */
  add(text: string): boolean;
  /** Closes the block (it completes, trailing whitespace dropped); whether the block changed. */
  close(): boolean;
  /** Whether the block still grows. */
  readonly open: boolean;
  /** The block, once some reasoning came. */
  readonly block: ReasoningStreamContent | undefined;
}

/** A leading reasoning block, open and empty. */
export function createLeadingReasoning(): LeadingReasoning {
  /** Reasoning as the block shows it: leading whitespace dropped as it arrives. */
  let shown = '';
  let block: ReasoningStreamContent | undefined;
  let open = true;
  return {
    add(delta) {
      if (!open) return false;
      const text = shown === '' ? delta.trimStart() : delta;
      if (text === '') return false;
      shown += text;
      block = { type: 'reasoning', reasoning: shown, partial: true };
      return true;
    },
    close() {
      if (!open) return false;
      open = false;
      if (block === undefined) return false;
      // trimEnd scans the reasoning once, when the block completes.
      block = { type: 'reasoning', reasoning: shown.trimEnd(), partial: false };
      return true;
    },
    get open() {
      return open;
    },
    get block() {
      return block;
    },
  };
}
