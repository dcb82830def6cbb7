// The example: a conversation panel for one agent turn at a time, on useAgentTurn — settings and
// the task, the streaming reply (prose, folding reasoning, tool cards with diffs and Approve /
// Reject), the outcome, and the in-memory workspace the tools change.
import { useMemo, useState } from 'react';
import { useAgentTurn } from '../../bindings/react/index.js';
import { WRITING_TOOL_NAMES } from '../../app/tools/index.js';
import { listModelProfiles } from '../../src/profiles/index.js';
import { forgetPreviews } from './change-preview.js';
import { createDemoWorkspace, INSTRUCTIONS, scriptedClient, type Pace } from './demo-workspace.js';
import { FilesPanel } from './files-panel.js';
import { Request } from './request-view.js';
import { TurnActionsContext, type TurnActions } from './turn-actions.js';

const DEFAULT_TASK = 'Read README.md and write notes.md with what you learn.';

const PHASE_TEXT = {
  idle: 'Idle',
  waiting: 'Waiting for the model…',
  streaming: 'Streaming',
  'awaiting-approval': 'Waiting for your approval',
  'running-tool': 'Running a tool…',
  retrying: 'Retrying…',
  closing: 'Closing the reply…',
  finished: 'Finished',
} as const;

export function App({ initialPace = 'realistic' }: { initialPace?: Pace }) {
  const [demo] = useState(createDemoWorkspace);
  const [profile, setProfile] = useState('glm-5.1');
  const [pace, setPace] = useState<Pace>(initialPace);
  const [askBeforeWrites, setAskBeforeWrites] = useState(true);
  const [task, setTask] = useState(DEFAULT_TASK);
  const [asked, setAsked] = useState<string>();
  const client = useMemo(() => scriptedClient(pace), [pace]);
  // New settings apply to the next Run; a running turn keeps its own.
  const turn = useAgentTurn({
    client,
    model: `scripted:${profile}`,
    tools: demo.tools,
    approval: askBeforeWrites ? [...WRITING_TOOL_NAMES] : [],
    instructions: INSTRUCTIONS,
    maxRequests: 8,
  });
  const { view, phase, output, approve, reject } = turn;
  const actions = useMemo<TurnActions>(() => ({ approve, reject, workspace: demo.workspace }), [approve, reject, demo]);
  const running = phase !== 'idle' && phase !== 'finished';

  const run = () => {
    forgetPreviews();
    if (turn.start(task)) setAsked(task);
  };

  return (
    <div className="app">
      <header className="top">
        <h1>agent-turn · React</h1>
        <p className={`phase ${phase}`} role="status" data-testid="phase" data-phase={phase}>
          {PHASE_TEXT[phase]}
          {view && (
            <span className="muted">
              {' '}
              · request {view.request} · {view.tokens.estimated ? '~' : ''}
              {view.tokens.total} tokens
            </span>
          )}
        </p>
      </header>
      <form
        className="controls"
        aria-label="Task and settings"
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
      >
        <label className="task">
          Task
          <textarea value={task} rows={2} onChange={(e) => setTask(e.target.value)} />
        </label>
        <label>
          Model{' '}
          <select value={profile} onChange={(e) => setProfile(e.target.value)}>
            {listModelProfiles().map((p) => (
              <option key={p.id} value={p.id}>
                scripted:{p.id}
              </option>
            ))}
          </select>
        </label>
        <label>
          Pace{' '}
          <select value={pace} onChange={(e) => setPace(e.target.value as Pace)}>
            <option value="realistic">realistic</option>
            <option value="fast">fast</option>
            <option value="instant">instant</option>
          </select>
        </label>
        <label>
          <input type="checkbox" checked={askBeforeWrites} onChange={(e) => setAskBeforeWrites(e.target.checked)} /> Ask
          before writes and commands
        </label>
        <button type="submit" className="primary" disabled={running}>
          Run
        </button>
        <button type="button" onClick={turn.abort} disabled={!running}>
          Stop
        </button>
      </form>
      <TurnActionsContext.Provider value={actions}>
        <main className="conversation" aria-label="Conversation">
          {asked === undefined && (
            <p className="muted">
              Press Run: the scripted model answers in this page, tools work on the files at the right.
            </p>
          )}
          {asked !== undefined && <p className="user">{asked}</p>}
          {view?.requests.map((request) => (
            <Request key={request.key} request={request} />
          ))}
          {output && (
            <p className={`outcome ${output.reason}`} data-testid="outcome">
              {output.reason === 'completed'
                ? `Completed: ${output.result ?? ''}`
                : `Ended: ${output.reason}${output.error ? ` — ${output.error.message}` : ''}`}
            </p>
          )}
        </main>
      </TurnActionsContext.Provider>
      <FilesPanel demo={demo} />
    </div>
  );
}
