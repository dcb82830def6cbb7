// A finished text block's Markdown as HTML for the page: `marked` parses it, DOMPurify removes
// whatever could run or load (scripts, event handlers, javascript: links, iframes, forms), and
// links open in a new tab without the page as their opener. A block still growing stays plain
// text (appended, never re-parsed per chunk); a finished one is parsed once.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/** Past this many characters a finished block stays plain text: parsing it would hold the page. */
export const MARKDOWN_MAX_CHARS = 200_000;

const marked = new Marked({ gfm: true, breaks: false });

/** The sanitised HTML of a Markdown text. */
export function markdownHtml(text: string): string {
  const html = marked.parse(text, { async: false }) as string;
  const clean = DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
  return clean;
}

/** Puts a finished text's Markdown into `el` (sanitised); returns false when it is too long and stays plain. */
export function renderMarkdownInto(el: HTMLElement, text: string): boolean {
  if (text.length > MARKDOWN_MAX_CHARS) return false;
  el.innerHTML = markdownHtml(text);
  for (const a of el.querySelectorAll('a')) {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
  return true;
}
