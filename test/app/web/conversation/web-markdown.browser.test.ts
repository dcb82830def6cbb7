// Markdown on the page, in Chromium: a finished text block shows its Markdown as HTML (headings,
// emphasis, lists, code, tables, links), sanitised — no script, handler, javascript: link or frame
// survives — while a growing block stays plain text that is only appended to.
import { describe, expect, it } from 'vitest';
import { createConversationView } from '../../../../app/web/conversation/conversation-view.js';
import { MARKDOWN_MAX_CHARS, markdownHtml } from '../../../../app/web/conversation/markdown-html.js';
import type { TurnItem } from '../../../../app/web/conversation/turn-items.js';

const text = (t: string, partial: boolean): TurnItem => ({ key: '0:0', kind: 'text', text: t, partial });

function view() {
  const container = document.createElement('div');
  document.body.append(container);
  return { container, view: createConversationView(container, {} as never) };
}

describe('Markdown on the page', () => {
  it('renders a finished block: heading, bold, list, code, table, link', () => {
    const { container, view: v } = view();
    const md =
      '# Plan\n\nI will **fix** `greet`:\n\n- read\n- write\n\n```ts\nconst a = 1;\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n[docs](https://example.com)\n';
    v.render([text(md, false)]);
    const block = container.querySelector<HTMLElement>('[data-testid="block-text"]')!;
    expect(block.classList.contains('markdown')).toBe(true);
    expect(block.querySelector('h1')?.textContent).toBe('Plan');
    expect(block.querySelector('strong')?.textContent).toBe('fix');
    expect([...block.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['read', 'write']);
    expect(block.querySelector('pre code')?.textContent).toBe('const a = 1;\n');
    expect(block.querySelectorAll('td')).toHaveLength(2);
    const link = block.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(block.textContent).not.toContain('**');
  });

  it('keeps the growing block plain and appends to it, then renders it once finished', () => {
    const { container, view: v } = view();
    v.render([text('Some **bo', true)]);
    const block = container.querySelector<HTMLElement>('[data-testid="block-text"]')!;
    const node = block.firstChild;
    expect(block.textContent).toBe('Some **bo');
    v.render([text('Some **bold** te', true)]);
    expect(block.firstChild).toBe(node); // the same text node, appended to
    expect(block.textContent).toBe('Some **bold** te');
    expect(block.querySelector('strong')).toBeNull();
    v.render([text('Some **bold** text.', false)]);
    expect(block.querySelector('strong')?.textContent).toBe('bold');
  });

  it('removes everything that could run or load', () => {
    const hostile = [
      '<script>window.pwned = 1</script>',
      '<img src=x onerror="window.pwned = 2">',
      '[click](javascript:window.pwned=3)',
      '<iframe src="https://evil.example"></iframe>',
      '<a href="https://ok.example" onclick="window.pwned=4">ok</a>',
      '<form action="https://evil.example"><input name=q></form>',
      '<div style="position:fixed;inset:0">cover</div>',
    ].join('\n\n');
    const html = markdownHtml(hostile);
    for (const bad of ['<script', 'onerror', 'javascript:', '<iframe', 'onclick', '<form', '<input', 'style='])
      expect(html).not.toContain(bad);
    const { container, view: v } = view();
    v.render([text(hostile, false)]);
    expect((window as { pwned?: number }).pwned).toBeUndefined();
    expect(container.textContent).toContain('cover');
  });

  it('leaves a very long finished block plain (parsing it would hold the page)', () => {
    const { container, view: v } = view();
    const long = `**x** ${'y'.repeat(MARKDOWN_MAX_CHARS)}`;
    v.render([text(long, false)]);
    const block = container.querySelector<HTMLElement>('[data-testid="block-text"]')!;
    expect(block.classList.contains('markdown')).toBe(false);
    expect(block.textContent).toBe(long);
  });
});
