// llms.txt (https://llmstxt.org): an index of the docs pages as Markdown links, for a model to
// read. Made from docs/.vitepress/pages.mjs at every docs build, which writes it to the site's
// /llms.txt with each page's Markdown beside its HTML (test/docs/docs-site.test.ts checks it).
//   node scripts/llms-txt.mjs   print it
import { allSections, apiPages } from '../docs/.vitepress/pages.mjs';

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
  for (const section of allSections()) {
    lines.push('', `## ${section.text}`, '');
    for (const [link, text, description] of section.pages) lines.push(`- [${text}](/${link}.md): ${description}`);
  }
  lines.push('', '## API reference', '');
  for (const [link, text] of apiPages)
    lines.push(`- [${text}](/${link}.md): every export of \`${text}\`, from its TSDoc`);
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(llmsTxt());
