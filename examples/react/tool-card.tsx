// A tool use as a card: its name, what it works on and its status; a write's diff (or its content
// while it streams); Approve / Reject while it waits; the result once settled.
import { useState } from 'react';
import type { ToolBlockView } from '../../machines/index.js';
import { useChangePreview } from './change-preview.js';
import { DiffView } from './diff-view.js';
import { useTurnActions } from './turn-actions.js';

const STATUS_TEXT: Record<ToolBlockView['status'], string> = {
  streaming: 'arriving…',
  ready: 'ready',
  'awaiting-approval': 'waits for you',
  running: 'running…',
  done: 'done',
  error: 'failed',
  rejected: 'rejected',
  skipped: 'not run',
  'cut-off': 'cut off',
};

/** The parameter that says what the tool works on. */
function subject(block: ToolBlockView): string {
  const p = block.params;
  return p.path ?? p.command ?? p.regex ?? p.question ?? p.result?.split('\n')[0] ?? '';
}

function Approval() {
  const { approve, reject } = useTurnActions();
  const [feedback, setFeedback] = useState('');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of controls, not a form field set
    <div className="approval" role="group" aria-label="Approve this tool">
      {/* biome-ignore lint/a11y/noAutofocus: the approval appears when the turn waits for it; focus goes to it */}
      <button type="button" className="primary" onClick={approve} autoFocus>
        Approve
      </button>
      <input
        aria-label="Feedback for the model"
        placeholder="why not? (optional)"
        value={feedback}
        onChange={(e) => setFeedback(e.target.value)}
      />
      <button type="button" onClick={() => reject(feedback.trim() === '' ? undefined : feedback.trim())}>
        Reject
      </button>
    </div>
  );
}

function Params({ block }: { block: ToolBlockView }) {
  const shown = Object.entries(block.params).filter(([name]) => name !== 'path');
  if (shown.length === 0) return null;
  return (
    <dl className="params">
      {shown.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>
            <pre>{value}</pre>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ToolCard({ block }: { block: ToolBlockView }) {
  const { workspace } = useTurnActions();
  const preview = useChangePreview(block, workspace);
  return (
    <article
      className={`tool ${block.status}`}
      data-block="tool_use"
      data-status={block.status}
      aria-label={`${block.name} ${subject(block)}`}
    >
      <header>
        <strong>{block.isCompletion ? 'Done' : block.name}</strong>{' '}
        <code>{block.isCompletion ? '' : subject(block)}</code>
        <span className="badge">{STATUS_TEXT[block.status]}</span>
      </header>
      {block.isCompletion ? (
        <p className="completion">{block.params.result}</p>
      ) : preview?.ok ? (
        <DiffView diff={preview.diff} />
      ) : (
        <>
          {preview && <p className="note">No diff: {preview.message}</p>}
          <Params block={block} />
        </>
      )}
      {block.status === 'awaiting-approval' && <Approval />}
      {'result' in block && !block.isCompletion && (
        <details className="result" open={block.isError}>
          <summary>{block.isError ? 'Why' : 'Result'}</summary>
          <pre>{block.result}</pre>
        </details>
      )}
    </article>
  );
}
