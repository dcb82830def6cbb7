// The workspace panel: the files, one editable at a time. Edits go straight into the in-memory
// workspace; files the agent writes are marked until they are opened.
import { h } from '../dom.js';
import type { MemoryWorkspace } from '../../tools/memory/index.js';

export interface FilePanel {
  select(path: string): void;
  refresh(): void;
  /** The files marked as changed: written by the agent and not opened since. */
  changedFiles(): string[];
  /** Puts a saved workspace back: its files are written unmarked (files it does not hold are removed), then only `changed` are marked. */
  restore(files: Readonly<Record<string, string>>, changed: readonly string[]): void;
}

export function createFilePanel(
  list: HTMLElement,
  editor: HTMLTextAreaElement,
  title: HTMLElement,
  ws: MemoryWorkspace,
): FilePanel {
  let selected = ws.files()[0] ?? '';
  const changed = new Set<string>();
  let writingFromEditor = false;
  let restoring = false;

  const refresh = () => {
    // A file that is gone (an undo removed it): the first file is shown instead.
    if (selected !== '' && ws.read(selected) === undefined) selected = ws.files()[0] ?? '';
    list.replaceChildren(
      ...ws.files().map((path) => {
        const item = h(
          'button',
          {
            type: 'button',
            class: `file${path === selected ? ' selected' : ''}${changed.has(path) ? ' changed' : ''}`,
            'data-testid': `file-${path}`,
            'data-path': path,
            title: path,
          },
          h('span', { class: 'file-dir' }, path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : ''),
          path.slice(path.lastIndexOf('/') + 1),
        );
        item.addEventListener('click', () => panel.select(path));
        return h('li', {}, item);
      }),
    );
    title.textContent = selected || 'No file';
    const content = ws.read(selected) ?? '';
    if (editor.value !== content) editor.value = content;
    editor.dataset.path = selected;
  };

  editor.addEventListener('input', () => {
    if (selected === '') return;
    writingFromEditor = true;
    ws.write(selected, editor.value);
    writingFromEditor = false;
  });

  ws.onChange((path) => {
    if (writingFromEditor) return;
    if (!restoring && path !== selected) changed.add(path);
    refresh();
  });

  const panel: FilePanel = {
    select(path) {
      selected = path;
      changed.delete(path);
      refresh();
    },
    refresh,
    changedFiles: () => ws.files().filter((path) => changed.has(path)),
    restore(files, marked) {
      restoring = true;
      try {
        for (const path of ws.files()) if (!Object.hasOwn(files, path)) ws.remove?.(path);
        for (const [path, content] of Object.entries(files)) if (ws.read(path) !== content) ws.write(path, content);
      } finally {
        restoring = false;
      }
      changed.clear();
      for (const path of marked) if (path !== selected && ws.read(path) !== undefined) changed.add(path);
      refresh();
    },
  };
  refresh();
  return panel;
}
