// The docs site's page list is whole: every page in docs/ is in the sidebar list
// (docs/.vitepress/pages.mjs) and every listed page exists; llms.txt is the list as generated.
// (`npm run docs:build`, in npm test, builds the site and fails on a dead link.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

interface PagesModule {
  sections: Array<{ text: string; pages: Array<[string, string, string]> }>;
  apiPages: Array<[string, string]>;
}
interface LlmsModule {
  llmsTxt(): string;
  llmsTxtPath: string;
}

const pages = async () => (await import(join(root, 'docs', '.vitepress', 'pages.mjs'))) as PagesModule;

describe('the docs site', () => {
  it('lists every page of docs/ once, and only pages that exist', async () => {
    const { sections } = await pages();
    const listed = sections.flatMap((s) => s.pages.map(([link]) => `${link}.md`));
    const onDisk = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md') && name !== 'index.md');
    expect([...listed].sort()).toEqual([...onDisk].sort());
    expect(new Set(listed).size).toBe(listed.length);
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

  it('serves llms.txt as generated from the page list, linking each page', async () => {
    const { llmsTxt, llmsTxtPath } = (await import(join(root, 'scripts', 'llms-txt.mjs'))) as LlmsModule;
    const text = readFileSync(llmsTxtPath, 'utf8');
    // Stale? node scripts/llms-txt.mjs --write
    expect(text).toBe(llmsTxt());
    const { sections } = await pages();
    for (const [link] of sections.flatMap((s) => s.pages)) expect(text).toContain(`(/${link}.md)`);
    expect(text).toMatch(/^# agent-turn\n\n> /);
  });
});
