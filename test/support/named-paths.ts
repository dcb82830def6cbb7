// The repository paths a page names: in inline code (`app/tools/node/`), in a link target
// (../app/web/screenshot.png) or in a sh block's command (node scripts/x.mjs), resolved from the
// repository root (or, for a relative link, from the page's folder).
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/** The folders and root files a path in the docs may start with. */
const TOP = new Set([
  'src',
  'machines',
  'bindings',
  'app',
  'test',
  'examples',
  'bench',
  'scripts',
  'mutation',
  'docs',
  'api',
  'reports',
  'dist',
  'dist-web',
  '.ci',
  '.changeset',
]);
const ROOT_FILE = /^(\.?[\w-]+(\.[\w-]+)*\.(json|cjs|mjs|ts|md|yml|yaml))$/;

export interface NamedPath {
  /** As written on the page. */
  written: string;
  /** Relative to the repository root, with any glob or placeholder cut off. */
  path: string;
  line: number;
}

function candidate(text: string): string | undefined {
  const t = text.trim().replace(/[.,;:]$/, '');
  if (/\s/.test(t) || t.startsWith('/') || t.includes('://')) return undefined;
  // Cut at a glob or placeholder: src/parser/** → src/parser, test/src/<folder>/ → test/src.
  const cut = t.split(/\/(?=[^/]*[*<{])/)[0]!;
  const first = cut.replace(/^\.\//, '').split('/')[0]!;
  if (cut.includes('/') && TOP.has(first)) return cut.replace(/^\.\//, '');
  if (!cut.includes('/') && ROOT_FILE.test(cut) && /^(\.|[A-Z]|package|tsconfig|vitest|tsup|stryker|biome)/.test(cut))
    return cut;
  return undefined;
}

export function namedPaths(root: string, page: string): NamedPath[] {
  const lines = readFileSync(join(root, page), 'utf8').split('\n');
  const found: NamedPath[] = [];
  let fence: string | undefined;
  lines.forEach((line, i) => {
    const open = /^```(\w*)/.exec(line);
    if (open) {
      fence = fence === undefined ? open[1] : undefined;
      return;
    }
    if (fence !== undefined) {
      // Commands in shell blocks: the scripts and files they run.
      if (fence === 'sh')
        for (const word of line
          .replace(/#.*$/, '')
          .replace(/"[^"]*"|'[^']*'/g, '')
          .split(/\s+/)) {
          const path = candidate(word);
          if (path) found.push({ written: word, path, line: i + 1 });
        }
      return;
    }
    for (const m of line.matchAll(/`([^`]+)`/g)) {
      const path = candidate(m[1]!);
      if (path) found.push({ written: m[1]!, path, line: i + 1 });
    }
    for (const m of line.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
      const target = m[1]!;
      if (target.includes('://') || target.startsWith('mailto:')) continue;
      // Site links (/cli, ./cli.md) are VitePress's to check; repository files are ours.
      // A root-absolute link on a docs page is a file VitePress serves from docs/public/.
      const resolved = normalize(target.startsWith('/') ? join('docs/public', target) : join(dirname(page), target));
      if (resolved.startsWith('..')) continue;
      found.push({ written: target, path: relative('.', resolved), line: i + 1 });
    }
  });
  return found;
}
