// The workspace as the agent leaves it: its files, one shown; redrawn on every write.
import { useState, useSyncExternalStore } from 'react';
import type { DemoWorkspace } from './demo-workspace.js';

export function FilesPanel({ demo }: { demo: DemoWorkspace }) {
  useSyncExternalStore(demo.subscribe, demo.writes, demo.writes);
  const [selected, setSelected] = useState('notes.md');
  const { workspace } = demo;
  return (
    <aside className="files" aria-label="Workspace files">
      <h2>Workspace</h2>
      <ul>
        {workspace.files().map((path) => (
          <li key={path}>
            <button
              type="button"
              className={path === selected ? 'selected' : ''}
              aria-pressed={path === selected}
              onClick={() => setSelected(path)}
            >
              {path}
            </button>
          </li>
        ))}
      </ul>
      <pre data-testid="file-content">{workspace.read(selected) ?? '(no such file)'}</pre>
    </aside>
  );
}
