// The workspace panel in Chromium: files the agent writes are marked until opened, and a turn
// resumed after a reload marks only the files it had changed — not every file the restore wrote.
import { describe, expect, it } from 'vitest';
import { createMemoryWorkspace } from '../../../../app/tools/memory/index.js';
import { createFilePanel } from '../../../../app/web/files/file-panel.js';

const FILES = { 'README.md': '# Ledger\n', 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = 2;\n' };

function panelOf(files: Record<string, string>) {
  const list = document.createElement('ul');
  const editor = document.createElement('textarea');
  const title = document.createElement('h3');
  document.body.append(list, editor, title);
  const ws = createMemoryWorkspace(files);
  const panel = createFilePanel(list, editor, title, ws);
  /** The files drawn as changed, read from the page. */
  const marked = () => [...list.querySelectorAll<HTMLElement>('.file.changed')].map((b) => b.dataset.path);
  return { ws, panel, marked, editor };
}

describe('the file panel', () => {
  it('marks a file the agent writes until it is opened', () => {
    const { ws, panel, marked } = panelOf(FILES);
    ws.write('src/a.ts', 'export const a = 3;\n');
    ws.write('notes.md', '# Notes\n');
    expect(marked()).toEqual(['notes.md', 'src/a.ts']);
    expect(panel.changedFiles()).toEqual(['notes.md', 'src/a.ts']);
    panel.select('src/a.ts');
    expect(marked()).toEqual(['notes.md']);
  });

  it('a resumed turn marks only the files it had changed, with every saved file restored', () => {
    const before = panelOf(FILES);
    before.ws.write('notes.md', '# Notes\n'); // the turn's write
    before.panel.select('src/b.ts');
    before.editor.value = 'export const b = 9;\n'; // the person's edit: not the turn's
    before.editor.dispatchEvent(new Event('input'));
    const saved = Object.fromEntries(before.ws.files().map((f) => [f, before.ws.read(f) ?? '']));
    const changed = before.panel.changedFiles();
    expect(changed).toEqual(['notes.md']);

    // The reload: a fresh workspace with the demo files, then the saved one put back.
    const after = panelOf(FILES);
    after.panel.restore(saved, changed);
    expect(after.marked()).toEqual(['notes.md']);
    expect(after.ws.read('src/b.ts')).toBe('export const b = 9;\n');
    expect(after.ws.read('notes.md')).toBe('# Notes\n');
  });
});
