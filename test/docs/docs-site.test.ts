// The docs site's page list is whole: every page in docs/ is in the sidebar (a page missing from
// the reading order of docs/.vitepress/pages.mjs lands under "More"), every listed page exists,
// and llms.txt (written by every docs build) links them all. (`npm run docs:build`, in npm test,
// builds the site and fails on a dead link.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

interface PagesModule {
  sections: Section[];
  allSections(): Section[];
  apiPages: Array<[string, string]>;
}
interface Section {
  text: string;
  pages: Array<[string, string, string]>;
}
interface LlmsModule {
  llmsTxt(): string;
}

const pages = async () => (await import(join(root, 'docs', '.vitepress', 'pages.mjs'))) as PagesModule;

describe('the docs site', () => {
  it('lists every page of docs/ once, and only pages that exist', async () => {
    const { sections, allSections } = await pages();
    const inOrder = sections.flatMap((s) => s.pages.map(([link]) => `${link}.md`));
    for (const page of inOrder) expect(existsSync(join(root, 'docs', page)), page).toBe(true);
    const listed = allSections().flatMap((s) => s.pages.map(([link]) => `${link}.md`));
    const onDisk = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md') && name !== 'index.md');
    expect([...listed].sort()).toEqual([...onDisk].sort());
    expect(new Set(listed).size).toBe(listed.length);
    // Every page has a title and a line about it.
    for (const [link, title, about] of allSections().flatMap((s) => s.pages)) {
      expect(title, link).not.toBe('');
      expect(about, link).not.toBe('');
    }
  });

  it('has the pages the issue asked for', async () => {
    for (const page of [
      'cli',
      'web',
      'security',
      'parser',
      'profiles',
      'dialects',
      'machine',
      'react',
      'long-turns',
      'restate',
      'mcp',
      'testing',
      'conversation',
      'benchmarks',
      'mutation',
      'layout',
      'index',
    ])
      expect(existsSync(join(root, 'docs', `${page}.md`)), page).toBe(true);
  });

  it('names one API page per subpath of package.json', async () => {
    const { apiPages } = await pages();
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const subpaths = Object.keys(pkg.exports)
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? 'agent-turn' : `agent-turn/${key.slice(2)}`));
    expect(apiPages.map(([, subpath]) => subpath).sort()).toEqual(subpaths.sort());
  });

  it('makes llms.txt link every page and every API page as Markdown', async () => {
    const { llmsTxt } = (await import(join(root, 'scripts', 'llms-txt.mjs'))) as LlmsModule;
    const text = llmsTxt();
    const { allSections, apiPages } = await pages();
    for (const [link] of [...allSections().flatMap((s) => s.pages), ...apiPages])
      expect(text).toContain(`](/${link}.md)`);
    expect(text).toMatch(/^# agent-turn\n\n> /);
    // Each link is a Markdown list item, as llmstxt.org lays them out.
    expect(text.split('\n').filter((l) => l.startsWith('- [')).length).toBe(
      allSections().flatMap((s) => s.pages).length + apiPages.length,
    );
  });

  it("writes llms.txt and every page's Markdown into the built site (npm test builds it first)", async () => {
    const site = join(root, 'docs', '.vitepress', 'dist');
    if (!existsSync(join(site, 'index.html')))
      throw new Error('the docs site is not built: run npm run docs:build first');
    const { llmsTxt } = (await import(join(root, 'scripts', 'llms-txt.mjs'))) as LlmsModule;
    expect(readFileSync(join(site, 'llms.txt'), 'utf8')).toBe(llmsTxt());
    const { allSections, apiPages } = await pages();
    for (const [link] of [...allSections().flatMap((s) => s.pages), ...apiPages]) {
      expect(existsSync(join(site, `${link}.html`)), `${link}.html`).toBe(true);
      expect(existsSync(join(site, `${link}.md`)), `${link}.md`).toBe(true);
    }
  });
});
