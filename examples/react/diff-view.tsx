// A unified diff, line by line: hunk headers, removed and added lines with their numbers, notes.
import type { FileDiff } from '../../app/ui/file-diff.js';

const MARK = { hunk: '', add: '+', remove: '-', context: ' ', note: '\\ ' } as const;

export function DiffView({ diff }: { diff: FileDiff }) {
  return (
    <figure className="diff">
      <figcaption>
        {diff.path} <span className="muted">({diff.change === 'create' ? 'new file' : diff.change})</span>{' '}
        <span className="add">+{diff.added}</span> <span className="remove">-{diff.removed}</span>
      </figcaption>
      <pre>
        {diff.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines never reorder; the index is their identity
          <div key={i} className={`line ${line.kind}`} data-kind={line.kind}>
            <span className="num">{line.oldLine ?? ''}</span>
            <span className="num">{line.newLine ?? ''}</span>
            <span className="text">
              {MARK[line.kind]}
              {line.text}
            </span>
          </div>
        ))}
      </pre>
    </figure>
  );
}
