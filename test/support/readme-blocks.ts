// The code blocks of README.md: their language, their text, and whether the README marks them as
// type-checked only (`<!-- typecheck only: why -->` on the line before the opening fence).
import { readFileSync } from 'node:fs';

export interface ReadmeBlock {
  /** The fence's language: ts, tsx, sh, mermaid, or '' for none. */
  lang: string;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** Why it is only type-checked, when the README says so; runnable otherwise. */
  typecheckOnly?: string;
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
