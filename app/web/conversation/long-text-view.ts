// A long text (a file's content as it streams, a tool result) shown without re-laying it out on
// every update: the text is cut into chunks of about CHUNK_CHARS at line ends, only the last chunk
// grows, and chunks out of view skip layout (CSS content-visibility). Hidden characters are shown.
import { h } from '../dom.js';
import { appendRevealed } from './revealed-text.js';

/** About how many characters one chunk holds before the next line end starts a new one. */
export const CHUNK_CHARS = 4096;
/** The line height the stylesheet gives `.long-text` (px), for the size of a chunk not yet laid out. */
const LINE_PX = 18;

export interface LongTextView {
  element: HTMLElement;
  /** Shows `text`: when it extends what is shown, only the new end is added; otherwise it is redrawn. */
  set(text: string): void;
  /** Hidden characters shown so far. */
  hiddenCount(): number;
}

interface Chunk {
  el: HTMLElement;
  /** Where the chunk's text starts in the shown text. */
  start: number;
  chars: number;
  lines: number;
  hidden: number;
}

/** How many leading characters two texts share. */
function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

export function createLongTextView(attrs: Record<string, string | number> = {}): LongTextView {
  const element = h('pre', { ...attrs, class: `long-text ${attrs.class ?? ''}`.trim(), tabindex: 0 });
  let shown = '';
  const chunks: Chunk[] = [];

  const close = (c: Chunk) => {
    c.el.style.containIntrinsicBlockSize = `auto ${Math.max(1, c.lines) * LINE_PX}px`;
  };
  const newChunk = (start: number): Chunk => {
    const previous = chunks.at(-1);
    if (previous) close(previous);
    // The first chunk is in view at once; later ones are laid out when scrolled to.
    const c = {
      el: element.appendChild(h('span', { class: previous ? 'chunk lazy' : 'chunk' })),
      start,
      chars: 0,
      lines: 0,
      hidden: 0,
    };
    chunks.push(c);
    return c;
  };
  /** Adds `text`, which starts at `offset` of the shown text, to the last chunk and new ones. */
  const append = (text: string, offset: number) => {
    let rest = text;
    let at = offset;
    while (rest !== '') {
      const c = chunks.at(-1) ?? newChunk(at);
      // Past the chunk's size, the next line end closes it.
      const cut = rest.indexOf('\n', Math.max(0, CHUNK_CHARS - c.chars - 1));
      const piece = cut >= 0 ? rest.slice(0, cut + 1) : rest;
      c.hidden += appendRevealed(c.el, piece, { keepTabs: true });
      c.chars += piece.length;
      for (let i = piece.indexOf('\n'); i >= 0; i = piece.indexOf('\n', i + 1)) c.lines++;
      rest = rest.slice(piece.length);
      at += piece.length;
      if (cut >= 0) newChunk(at);
    }
  };

  return {
    element,
    set(text) {
      if (text === shown) return;
      const follow = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
      const same = text.length > shown.length && text.startsWith(shown) ? shown.length : commonPrefix(shown, text);
      // Chunks from the first that changed are drawn again; the ones before stay as they are.
      let keep = chunks.length;
      while (keep > 0 && chunks[keep - 1].start + chunks[keep - 1].chars > same) keep--;
      const from = keep === 0 ? 0 : chunks[keep - 1].start + chunks[keep - 1].chars;
      if (keep < chunks.length) {
        for (const c of chunks.splice(keep)) c.el.remove();
        // The chunk before the ones removed was closed at a line end: what follows starts a new one.
        if (keep > 0) newChunk(from);
      }
      append(text.slice(from), from);
      shown = text;
      // Keep the newest lines in view while the text grows, unless the person scrolled up.
      if (follow) element.scrollTop = element.scrollHeight;
    },
    hiddenCount: () => chunks.reduce((sum, c) => sum + c.hidden, 0),
  };
}
