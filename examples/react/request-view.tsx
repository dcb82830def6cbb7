// One model request of the turn: its number (and retry), its blocks, why it failed.
import type { RequestView } from '../../machines/index.js';
import { Block } from '../../bindings/react/index.js';
import { TurnBlock } from './turn-block.js';

export function Request({ request }: { request: RequestView }) {
  return (
    <section className={`request ${request.status}`} aria-label={`Request ${request.number}`}>
      <h3>
        Request {request.number}
        {request.attempt > 0 && <span className="muted"> · retry {request.attempt}</span>}
        {request.hiddenReasoningTokens !== undefined && (
          <span className="muted"> · {request.hiddenReasoningTokens} reasoning tokens not shown</span>
        )}
      </h3>
      {request.blocks.map((block) => (
        <Block key={block.key} block={block} render={TurnBlock} />
      ))}
      {request.error && (
        <p className="error" role="alert">
          {request.retried ? 'Failed, retried: ' : 'Failed: '}
          {request.error.message}
        </p>
      )}
    </section>
  );
}
