// Docs that never name what is not there: every repository path README.md or a docs page names
// (in inline code, a link or a shell command) exists — a file moved or renamed fails here until
// the page follows it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { namedPaths } from '../support/named-paths.js';
import { docPages } from '../support/readme-blocks.js';

const root = join(import.meta.dirname, '..', '..');

/** Made by a command, not kept in git: named as what that command writes. */
const GENERATED = ['dist/', 'dist-web/', 'reports/', 'docs/api/', 'docs/.vitepress/dist/'];

/** Named on a page but not paths of this repository, each with why. */
const NOT_OURS: Record<string, string[]> = {
  // The web page's in-memory demo workspace.
  'docs/web.md': ['src/app.ts', 'src/ledger.ts'],
  // The project's original brief, kept outside the repository.
  'docs/profiles.md': ['DESIGN.md'],
};

/** Files of the user's workspace the agent reads (instruction files), named on any page. */
const IN_THE_USERS_WORKSPACE = ['AGENTS.md', 'CLAUDE.md', '.clinerules', 'GEMINI.md'];

describe('the paths the docs name', () => {
  const pages = docPages(root);

  it('are found on the pages (the check reads them)', () => {
    const all = pages.flatMap((page) => namedPaths(root, page));
    expect(all.length).toBeGreaterThan(100);
    expect(all.map((p) => p.path)).toContain('app/tools/node/resolve-inside-root.ts');
  });

  for (const page of pages)
    it(`exist, on ${page}`, () => {
      const missing = namedPaths(root, page)
        .filter((p) => !GENERATED.some((folder) => `${p.path}/`.startsWith(folder)))
        .filter((p) => !(NOT_OURS[page] ?? []).includes(p.path) && !IN_THE_USERS_WORKSPACE.includes(p.path))
        .filter((p) => !existsSync(join(root, p.path)))
        .map((p) => `${page}:${p.line} ${p.written}`);
      expect(missing).toEqual([]);
    });
});
