// How the example draws one block (Block's renderer): prose, folding reasoning, tool cards.
import type { BlockRenderer } from '../../bindings/react/index.js';
import { ToolCard } from './tool-card.js';

export const TurnBlock: BlockRenderer = ({ block }) => {
  if (block.type === 'text') {
    return (
      <p className={`prose ${block.status}`} data-block="text">
        {block.content}
      </p>
    );
  }
  if (block.type === 'reasoning') {
    const streaming = block.status === 'streaming';
    return (
      // open while the model thinks, folded once the thought is complete
      <details className="reasoning" data-block="reasoning" open={streaming}>
        <summary>
          {streaming ? 'Thinking…' : 'Thought'} · {block.estimated ? '~' : ''}
          {block.tokens} tokens
        </summary>
        <p>{block.reasoning}</p>
      </details>
    );
  }
  return <ToolCard block={block} />;
};
