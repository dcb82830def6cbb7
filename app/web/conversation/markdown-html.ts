// A finished text block's Markdown as HTML for the page: `marked` parses it, DOMPurify removes
// whatever could run or load (scripts, event handlers, javascript: links, iframes, forms, styles,
// SVG and MathML, media, srcset, background), and links open in a new tab without the page as
// their opener. Nothing is fetched on render: an image from anywhere but the page itself (or a
// data:/blob: URL) becomes a link the user may click to open it — what the model read never
// leaves in an image URL unasked. Ids and names from the reply are prefixed (`user-content-`), so
// a reply cannot take over the page's own elements (`<a id="outcome">`). A block still growing
// stays plain text (appended, never re-parsed per chunk); a finished one is parsed once.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/** Past this many characters a finished block stays plain text: parsing it would hold the page. */
export const MARKDOWN_MAX_CHARS = 200_000;

const marked = new Marked({ gfm: true, breaks: false });

const FORBID_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'video',
  'audio',
  'source',
  'picture',
  'track',
];
const FORBID_ATTR = ['style', 'srcset', 'background', 'poster', 'ping', 'action', 'formaction', 'xlink:href'];

/** An image the page may show without asking: data:, blob:, or the page's own origin. */
function loadsNothingRemote(src: string): boolean {
  if (/^\s*(data|blob):/i.test(src)) return true;
  try {
    return new URL(src, document.baseURI).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** The page's own sanitiser: a remote image keeps no `src` (it is kept as `data-remote-src`). */
let purifier: ReturnType<typeof DOMPurify> | undefined;
function sanitiser(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'IMG') return;
    const src = (node as Element).getAttribute('src') ?? '';
    if (loadsNothingRemote(src)) return;
    (node as Element).removeAttribute('src');
    (node as Element).setAttribute('data-remote-src', src);
  });
  return purifier;
}

/** Each image kept without its `src` becomes a link to it, named for its alt text: opened only when clicked. */
function linkRemoteImages(el: HTMLElement): void {
  for (const img of el.querySelectorAll('img[data-remote-src]')) {
    const src = img.getAttribute('data-remote-src') ?? '';
    const alt = img.getAttribute('alt') ?? '';
    const link = document.createElement('a');
    link.className = 'remote-image';
    link.dataset.testid = 'remote-image';
    if (src !== '') link.setAttribute('href', src);
    link.title = `Not loaded: another site would learn you opened it. ${src}`;
    link.textContent = `[image${alt ? `: ${alt}` : ''} — not loaded, click to open]`;
    img.replaceWith(link);
  }
}

/** The sanitised HTML of a Markdown text (no image in it loads from another site). */
export function markdownHtml(text: string): string {
  const html = marked.parse(text, { async: false }) as string;
  return sanitiser().sanitize(html, {
    FORBID_TAGS,
    FORBID_ATTR,
    SANITIZE_DOM: true,
    SANITIZE_NAMED_PROPS: true,
  });
}

/** Puts a finished text's Markdown into `el` (sanitised); returns false when it is too long and stays plain. */
export function renderMarkdownInto(el: HTMLElement, text: string): boolean {
  if (text.length > MARKDOWN_MAX_CHARS) return false;
  el.innerHTML = markdownHtml(text);
  linkRemoteImages(el);
  for (const a of el.querySelectorAll('a')) {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
  return true;
}
