// The markup Block draws when given no renderer: plain elements with data attributes to style.
import type { BlockView, ToolBlockView } from '../../machines/view/turn-view-types.js';

function ToolUse({ block }: { block: ToolBlockView }) {
  return (
    <div data-block="tool_use" data-status={block.status}>
      <strong>{block.name}</strong> <span>{block.status}</span>
      <dl>
        {Object.entries(block.params).map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>
              <pre>{value}</pre>
            </dd>
          </div>
        ))}
      </dl>
      {'result' in block && <pre data-result={block.isError ? 'error' : 'ok'}>{block.result}</pre>}
    </div>
  );
}

/** A block as plain markup: text in a div, reasoning folded in a details element, a tool use with its parameters and result. */
export function PlainBlock({ block }: { block: BlockView }) {
  if (block.type === 'text')
    return (
      <div data-block="text" data-status={block.status} style={{ whiteSpace: 'pre-wrap' }}>
        {block.content}
      </div>
    );
  if (block.type === 'reasoning') {
    return (
      <details data-block="reasoning" data-status={block.status}>
        <summary>
          Reasoning ({block.estimated ? '~' : ''}
          {block.tokens} tokens)
        </summary>
        <pre>{block.reasoning}</pre>
      </details>
    );
  }
  return <ToolUse block={block} />;
}
