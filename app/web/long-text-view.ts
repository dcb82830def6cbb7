// A long text (a file's content as it streams, a tool result) shown without re-laying it out on
// every update: the text is cut into chunks of about CHUNK_CHARS at line ends, only the last chunk
// grows, and chunks out of view skip layout (CSS content-visibility). Hidden characters are shown.
import { h } from './dom.js';
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

export function createLongTextView(attrs: Record<string, string | number> = {}): LongTextView {
  const element = h('pre', { ...attrs, class: `long-text ${attrs.class ?? ''}`.trim(), tabindex: 0 });
  let shown = '';
  let hidden = 0;
  let chunk: HTMLElement | undefined;
  let chunkChars = 0;
  let chunkLines = 0;

  const newChunk = () => {
    if (chunk) chunk.style.containIntrinsicBlockSize = `auto ${Math.max(1, chunkLines) * LINE_PX}px`;
    // The first chunk is in view at once; later ones are laid out when scrolled to.
    chunk = element.appendChild(h('span', { class: chunk ? 'chunk lazy' : 'chunk' }));
    chunkChars = 0;
    chunkLines = 0;
  };
  const append = (text: string) => {
    let rest = text;
    while (rest !== '') {
      if (!chunk) newChunk();
      // Past the chunk's size, the next line end closes it.
      const cut = rest.indexOf('\n', Math.max(0, CHUNK_CHARS - chunkChars - 1));
      const piece = cut >= 0 ? rest.slice(0, cut + 1) : rest;
      hidden += appendRevealed(chunk!, piece, { keepTabs: true });
      chunkChars += piece.length;
      for (let i = piece.indexOf('\n'); i >= 0; i = piece.indexOf('\n', i + 1)) chunkLines++;
      rest = rest.slice(piece.length);
      if (cut >= 0) newChunk();
    }
  };

  return {
    element,
    set(text) {
      if (text === shown) return;
      const follow = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
      if (text.length > shown.length && text.startsWith(shown)) {
        append(text.slice(shown.length));
      } else {
        element.replaceChildren();
        chunk = undefined;
        hidden = 0;
        append(text);
      }
      shown = text;
      // Keep the newest lines in view while the text grows, unless the person scrolled up.
      if (follow) element.scrollTop = element.scrollHeight;
    },
    hiddenCount: () => hidden,
  };
}
