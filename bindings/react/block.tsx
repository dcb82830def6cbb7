// Block: one block of the view, memoized by identity — selectView gives an unchanged block the same
// object in every later view, so while a reply streams only the growing block re-renders.
import { memo, type ComponentType } from 'react';
import type { BlockView } from '../../machines/view/turn-view-types.js';
import { PlainBlock } from './plain-block.js';

/** A component that draws one block (define it once, outside render, so Block's memo holds). */
export type BlockRenderer = ComponentType<{ block: BlockView }>;

/** What {@link Block} takes. */
export interface BlockProps {
  /** The block, from `view.blocks` or `view.requests[i].blocks`. */
  block: BlockView;
  /** How to draw it. Default: plain markup (text, folded reasoning, a tool use with its parameters and result). */
  render?: BlockRenderer;
}

function AgentTurnBlock({ block, render: Render = PlainBlock }: BlockProps) {
  return <Render block={block} />;
}

/**
 * One block, re-rendered only when its view object (or the renderer) changes. Key it by `block.key`.
 *
 * @example
 * ```tsx
 * import { Block, type BlockRenderer } from 'agent-turn/react';
 *
 * const MyBlock: BlockRenderer = ({ block }) => (block.type === 'text' ? <p>{block.content}</p> : <small>{block.type}</small>);
 *
 * function Reply({ view }: { view: AgentTurnView }) {
 *   return view.blocks.map((block) => <Block key={block.key} block={block} render={MyBlock} />);
 * }
 * ```
 */
export const Block = memo(
  AgentTurnBlock,
  (before, after) => before.block === after.block && before.render === after.render,
);
