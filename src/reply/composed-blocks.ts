// A reply's blocks composed from its three sources — the leading reasoning block, the tag
// parser's blocks, the native calls' blocks — and how often a native call's delta composes them.
import type { AssistantMessageContent } from '../parser/blocks.js';
import type { LeadingReasoning } from './leading-reasoning.js';
import type { NativeToolCalls } from './native-tool-calls.js';

/** Up to this many native calls every delta composes the blocks; past it, every (blocks / 32) deltas. */
const DEFER_FROM_BLOCKS = 32;

/** The composed blocks of one reply; see {@link createComposedBlocks}. */
export interface ComposedBlocks {
  /** The tag parser's latest blocks (composed at the next compose). */
  parserBlocks: readonly AssistantMessageContent[];
  /** Composes the blocks anew and answers them. */
  compose(): AssistantMessageContent[];
  /**
   * After a native call's delta. The calls stay partial until the stream's end, so nothing acts on
   * them meanwhile: with many calls the blocks are composed again only every (blocks / 32) deltas,
   * which keeps a reply of K calls O(K) in all (a hostile model's 40,000 tiny calls) while a reply
   * of up to 32 calls shows every delta. The stream's end (and any text or reasoning) always composes.
   */
  composeAfterToolDelta(): AssistantMessageContent[];
  /** The blocks composed last. */
  readonly blocks: AssistantMessageContent[];
}

/** Blocks composed from `reasoning`, the parser's blocks (set as they come) and `native`. */
export function createComposedBlocks(reasoning: LeadingReasoning, native: NativeToolCalls): ComposedBlocks {
  let blocks: AssistantMessageContent[] = [];
  /** Native-call deltas since the blocks were last composed without composing them. */
  let deferred = 0;
  const composed: ComposedBlocks = {
    parserBlocks: [],
    compose() {
      const block = reasoning.block;
      const out: AssistantMessageContent[] = block === undefined ? [] : [block];
      for (const b of composed.parserBlocks) out.push(b);
      for (const b of native.blocks) out.push(b);
      blocks = out;
      deferred = 0;
      return out;
    },
    composeAfterToolDelta() {
      if (native.size <= DEFER_FROM_BLOCKS) return composed.compose();
      deferred++;
      if (deferred * DEFER_FROM_BLOCKS >= blocks.length) return composed.compose();
      return blocks;
    },
    get blocks() {
      return blocks;
    },
  };
  return composed;
}
