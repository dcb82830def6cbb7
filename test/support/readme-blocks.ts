// The code blocks of README.md and of the docs pages: their language, their text, and whether the
// page marks them as type-checked only (`<!-- typecheck only: why -->` on the line before the
// opening fence).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface ReadmeBlock {
  /** The fence's language: ts, tsx, sh, mermaid, or '' for none. */
  lang: string;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** Why it is only type-checked, when the page says so; runnable otherwise. */
  typecheckOnly?: string;
  /** The page, relative to the repository (README.md, docs/machine.md), when read by pageBlocks. */
  page?: string;
}

export function readmeBlocks(path: string): ReadmeBlock[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const blocks: ReadmeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) body.push(lines[i]);
    const marker = /^<!--\s*typecheck only:\s*(.+?)\s*-->$/.exec(lines[start - 1] ?? '');
    blocks.push({
      lang: open[1],
      code: `${body.join('\n')}\n`,
      line: start + 1,
      ...(marker ? { typecheckOnly: marker[1] } : {}),
    });
  }
  return blocks;
}

/** The hand-written pages: README.md and every Markdown file under docs/ (not the generated API pages). */
export function docPages(root: string): string[] {
  const pages = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !(dir === 'docs' && entry.name === 'api')) walk(path);
      } else if (entry.name.endsWith('.md')) pages.push(path);
    }
  };
  walk('docs');
  return pages;
}

/** Every code block of README.md and the docs pages, each naming its page. */
export function pageBlocks(root: string): ReadmeBlock[] {
  return docPages(root).flatMap((page) =>
    readmeBlocks(join(root, page)).map((b) => ({ ...b, page: relative(root, join(root, page)) })),
  );
}
