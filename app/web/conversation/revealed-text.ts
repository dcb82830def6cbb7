// Text as DOM with every hidden character shown (app/ui/visible-text.ts decides which): plain runs
// as text, each hidden character as a marked label, so what the page shows is what the text holds.
import { revealSegments, type RevealOptions } from '../../ui/visible-text.js';
import { h } from '../dom.js';

/** Appends `text` to `parent`, hidden characters as `<span class="hidden-char">⟨U+202E RLO⟩</span>`; returns how many there were. */
export function appendRevealed(parent: Node, text: string, options: RevealOptions = {}): number {
  let hidden = 0;
  for (const segment of revealSegments(text, options)) {
    if (segment.kind === 'text') {
      const last = parent.lastChild;
      if (last instanceof Text) last.appendData(segment.text);
      else parent.appendChild(document.createTextNode(segment.text));
    } else {
      hidden++;
      parent.appendChild(
        h(
          'span',
          { class: 'hidden-char', title: `A hidden character (${segment.label.slice(1, -1)}), shown so you see it` },
          segment.label,
        ),
      );
    }
  }
  return hidden;
}

const shownText = new WeakMap<HTMLElement, { text: string; hidden: number }>();

/** Replaces what `parent` shows with `text`, revealed, unless it already shows exactly that; returns the hidden-character count. */
export function setRevealed(parent: HTMLElement, text: string, options: RevealOptions = {}): number {
  const shown = shownText.get(parent);
  if (shown?.text === text) return shown.hidden;
  parent.replaceChildren();
  const hidden = appendRevealed(parent, text, options);
  shownText.set(parent, { text, hidden });
  return hidden;
}
