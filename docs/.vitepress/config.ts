// The docs site: VitePress over the pages in docs/. `npm run docs` serves it, `npm run docs:build`
// builds it into docs/.vitepress/dist and fails on a link to a page that does not exist.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vitepress';
import { llmsTxt } from '../../scripts/llms-txt.mjs';
import { allSections, apiPages } from './pages.mjs';

const docs = join(import.meta.dirname, '..');

export default defineConfig({
  title: 'agent-turn',
  description: 'One agent turn of an LLM coding agent as an XState v5 machine',
  cleanUrls: true,
  // A link to a page that is not there fails the build (VitePress checks them by default; said
  // here so nobody turns it off by accident).
  ignoreDeadLinks: false,
  srcExclude: ['**/README.md'],
  // Every page's Markdown beside its HTML (/cli.md), as llms.txt (written here) links them.
  buildEnd(site) {
    writeFileSync(join(site.outDir, 'llms.txt'), llmsTxt());
    for (const page of site.pages) {
      const target = join(site.outDir, page);
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(join(docs, page), target);
    }
  },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/machine' },
      { text: 'API', link: '/api/' },
    ],
    sidebar: [
      ...allSections().map((section) => ({
        text: section.text,
        items: section.pages.map(([link, text]) => ({ text, link: `/${link}` })),
      })),
      { text: 'API reference', items: apiPages.map(([link, text]) => ({ text, link: `/${link}` })) },
    ],
    search: { provider: 'local' },
  },
});
