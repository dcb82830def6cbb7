// The page's text views in Chromium: a long text grows without redrawing what is shown, in chunks
// cut at line ends, and always shows exactly its text with hidden characters revealed; a diff
// shows every line of the change; a command shows every line and its hidden characters.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { revealInvisible } from '../../../../app/ui/visible-text.js';
import { fileDiff } from '../../../../app/ui/file-diff.js';
import { CHUNK_CHARS, createLongTextView } from '../../../../app/web/conversation/long-text-view.js';
import { diffSummary, renderDiff } from '../../../../app/web/files/diff-view.js';
import { appendRevealed, setRevealed } from '../../../../app/web/conversation/revealed-text.js';

/** A rendered diff's lines as `kind:text`, read from its runs. */
function shownLines(el: HTMLElement): string[] {
  return [...el.querySelectorAll<HTMLElement>('.diff-run')].flatMap((run) =>
    run.textContent!.split('\n').map((line) => `${run.dataset.kind}:${line}`),
  );
}

const text = fc.string({
  unit: fc.constantFrom('a', 'b', ' ', '\n', '\t', '\u202E', '\u200B', '<', '\r', 'é', '😀'),
  maxLength: 300,
});

describe('revealed text', () => {
  it('shows hidden characters as marked labels and keeps every line', () => {
    const el = document.createElement('pre');
    expect(appendRevealed(el, 'ls\ntouch \u202EPWNED\u200B')).toBe(2);
    expect(el.textContent).toBe('ls\ntouch ⟨U+202E RLO⟩PWNED⟨U+200B ZWSP⟩');
    expect([...el.querySelectorAll('.hidden-char')].map((s) => s.textContent)).toEqual([
      '⟨U+202E RLO⟩',
      '⟨U+200B ZWSP⟩',
    ]);
  });

  it('redraws only when the text changed', () => {
    const el = document.createElement('code');
    setRevealed(el, 'a\u202Eb');
    const first = el.firstChild;
    expect(setRevealed(el, 'a\u202Eb')).toBe(1);
    expect(el.firstChild).toBe(first);
    setRevealed(el, 'plain');
    expect(el.textContent).toBe('plain');
  });
});

describe('long text view', () => {
  it('always shows exactly its latest text, revealed, whether it grew or changed', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), text), { minLength: 1, maxLength: 8 }), (steps) => {
        const view = createLongTextView();
        let current = '';
        for (const [grow, piece] of steps) {
          current = grow ? current + piece : piece;
          view.set(current);
          expect(view.element.textContent).toBe(revealInvisible(current, { keepTabs: true }));
        }
      }),
    );
  });

  it('grows by appending: chunks already shown stay the same elements, cut at line ends', () => {
    const view = createLongTextView();
    const line = 'x'.repeat(99) + '\n';
    let content = line.repeat(100);
    view.set(content);
    const chunks = [...view.element.children];
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.textContent!.endsWith('\n')).toBe(true);
      expect(chunk.textContent!.length).toBeLessThanOrEqual(CHUNK_CHARS + line.length);
    }
    content += line.repeat(100);
    view.set(content);
    const after = [...view.element.children];
    expect(after.slice(0, chunks.length - 1)).toEqual(chunks.slice(0, -1));
    expect(view.element.textContent).toBe(content);
    // Later chunks skip layout until they are scrolled to.
    expect(after[0].classList.contains('lazy')).toBe(false);
    expect(after.at(-1)!.classList.contains('lazy')).toBe(true);
  });

  it('draws again only from the chunk where a changed text first differs', () => {
    const view = createLongTextView();
    const line = `${'y'.repeat(99)}\n`;
    const before = line.repeat(200);
    view.set(before);
    const chunks = [...view.element.children];
    expect(chunks.length).toBeGreaterThan(3);
    // The end changes (a partial closing tag taken back, say): the early chunks stay.
    const after = `${line.repeat(199)}${'z'.repeat(50)}\n`;
    view.set(after);
    const now = [...view.element.children];
    expect(now.slice(0, chunks.length - 2)).toEqual(chunks.slice(0, chunks.length - 2));
    expect(view.element.textContent).toBe(after);
    view.set('short');
    expect(view.element.textContent).toBe('short');
    expect(view.element.children.length).toBe(1);
  });

  it('counts the hidden characters it shows', () => {
    const view = createLongTextView();
    view.set('a\u202E');
    view.set('a\u202Eb\u200B');
    expect(view.hiddenCount()).toBe(2);
  });
});

describe('diff view', () => {
  it('shows a new file whole, with every line added', () => {
    const diff = fileDiff({ path: 'n.md', change: 'create', before: undefined, after: 'one\ntwo\n' });
    expect(diffSummary(diff)).toBe('new file, 2 lines');
    const el = renderDiff(diff).element;
    expect(shownLines(el)).toEqual(['hunk:@@ -0,0 +1,2 @@', 'add:+one', 'add:+two']);
    expect(el.querySelectorAll('.diff-run').length).toBe(2);
  });

  it('shows an overwrite as removed and added lines, hidden characters revealed', () => {
    const diff = fileDiff({ path: 'a.txt', change: 'overwrite', before: 'keep\nold\n', after: 'keep\nne\u202Ew\n' });
    expect(diffSummary(diff)).toBe('overwrites the file: +1 −1 lines');
    expect(shownLines(renderDiff(diff).element)).toEqual([
      'hunk:@@ -1,2 +1,2 @@',
      'context: keep',
      'remove:-old',
      'add:+ne⟨U+202E RLO⟩w',
    ]);
  });

  it('keeps every line of a long diff, in chunks filled over a few tasks', async () => {
    const after = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join('\n');
    const view = renderDiff(fileDiff({ path: 'big.txt', change: 'create', before: undefined, after }));
    const el = view.element;
    // The first chunk at once, the rest a few per task.
    expect(el.dataset.state).toBe('filling');
    expect(shownLines(el).length).toBe(200);
    await view.ready;
    expect(el.dataset.state).toBe('complete');
    expect(shownLines(el).filter((l) => l.startsWith('add:'))).toEqual(
      Array.from({ length: 1000 }, (_, i) => `add:+line ${i}`),
    );
    expect(el.querySelectorAll('.chunk').length).toBeGreaterThan(1);
  });
});
