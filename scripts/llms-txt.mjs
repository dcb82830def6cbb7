// llms.txt (https://llmstxt.org): an index of the docs pages as Markdown links, for a model to
// read. Made from docs/.vitepress/pages.mjs; the site serves it at /llms.txt and each page's
// Markdown beside its HTML.
//   node scripts/llms-txt.mjs           check: exit 1 when docs/public/llms.txt is stale
//   node scripts/llms-txt.mjs --write   write it
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiPages, sections } from '../docs/.vitepress/pages.mjs';

const root = join(import.meta.dirname, '..');
export const llmsTxtPath = join(root, 'docs', 'public', 'llms.txt');

export function llmsTxt() {
  const lines = [
    '# agent-turn',
    '',
    '> Runs one agent turn of an LLM coding agent as an XState v5 machine, in the browser and in Node:',
    '> an O(n) streaming tag parser, OpenAI-compatible reasoning streams, tools executed exactly once.',
    '',
    'Install `agent-turn`; import the machine from `agent-turn`, the core without XState from `agent-turn/core`,',
    'the scripted model from `agent-turn/scripted`, React from `agent-turn/react`, Restate from',
    '`agent-turn/restate`, a node:http fetch from `agent-turn/node`.',
  ];
  for (const section of sections) {
    lines.push('', `## ${section.text}`, '');
    for (const [link, text, description] of section.pages) lines.push(`- [${text}](/${link}.md): ${description}`);
  }
  lines.push('', '## API reference', '');
  for (const [link, text] of apiPages)
    lines.push(`- [${text}](/${link}.md): every export of \`${text}\`, from its TSDoc`);
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--write')) writeFileSync(llmsTxtPath, llmsTxt());
  else if (readFileSync(llmsTxtPath, 'utf8') !== llmsTxt()) {
    console.error('docs/public/llms.txt is stale: run node scripts/llms-txt.mjs --write');
    process.exit(1);
  }
}
