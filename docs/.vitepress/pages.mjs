// The hand-written pages of the docs site, in reading order, with a line each: the sidebar
// (config.ts) and llms.txt (scripts/llms-txt.mjs) are made from this one list.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const docs = join(import.meta.dirname, '..');

export const sections = [
  {
    text: 'Use it',
    pages: [
      [
        'build-your-own-agent',
        'Build your own agent',
        'your tools with a schema, native and tag mode, plain answers, approvals, a React page, tests',
      ],
      ['cli', 'The CLI', 'the coding agent in a terminal: flags, approvals, NDJSON, tokens and cost, the tools'],
      ['web', 'The web page', 'the same machine in a browser: what the page shows, its controls, its tests under load'],
      [
        'acp',
        'Editors over ACP',
        "agent-turn --acp in Zed, JetBrains IDEs and Neovim: sessions, approvals, the editor's files and terminal",
      ],
      [
        'turn-server',
        'Web apps over AG-UI and useChat',
        'agent-turn serve: turns on the server, streamed as AG-UI and the AI SDK UI message stream; approvals',
      ],
      [
        'security',
        'Security',
        "the commands' bubblewrap sandbox, the file tools' checks, what is not enforced, the attacks tested",
      ],
    ],
  },
  {
    text: 'The core',
    pages: [
      ['parser', 'The parser', 'parseAssistantMessage and createStreamParser, protocols, the rules in short'],
      ['parse-semantics', 'Parse semantics', "the parser's contract: blocks, the eleven rules, errors"],
      [
        'profiles',
        'Streams and model profiles',
        'OpenAI-compatible streams, errors, limits, history rules, structured output, model profiles',
      ],
      ['dialects', 'Dialects', 'XML tags in prose or native tool calls, and where thinking arrives'],
    ],
  },
  {
    text: 'The machine',
    pages: [
      [
        'machine',
        'The machine and its states',
        'runAgentTurn, createAgentTurnActor, the options, selectView, the state diagram',
      ],
      ['react', 'React', 'useAgentTurn and the Block memo component'],
      ['long-turns', 'Long turns', 'the context window, persisting and resuming a turn, in the CLI and the page'],
      ['restate', 'Many agents, Restate', 'many turns in one process, persisted snapshots, durable turns on Restate'],
      ['mcp', 'MCP', 'tools from Model Context Protocol servers'],
      ['hooks', 'Hooks and plan mode', "beforeTool, afterTool, beforeStop, plan mode; the CLI's command hooks"],
      ['conversation', 'Conversations', 'many turns, each with the history the last one left'],
      ['tracing', 'Tracing', 'a turn as OpenTelemetry spans after the GenAI semantic conventions (agent-turn/otel)'],
    ],
  },
  {
    text: 'Quality',
    pages: [
      ['testing', 'Testing your own agent', 'the scripted model, its faults and timing, model-based tests'],
      ['benchmarks', 'Benchmarks', 'the parser, the wire, the machine, the CLI display, 1,000 turns in one process'],
      ['mutation', 'Mutation testing', 'StrykerJS over the core: how to run it, the scores per file'],
    ],
  },
  {
    text: 'The project',
    pages: [
      ['layout', 'Layout of the code', 'the folders, the layers and the rules that keep imports one way'],
      ['versioning', 'Versioning', 'SemVer: what counts as breaking, changesets, the API reports'],
      ['conventions', 'Writing the docs', 'code first, short paragraphs, asides as tips, figures that name their run'],
    ],
  },
];

/** The subpaths of package.json's exports, each with its API page (scripts/api-docs.mjs writes them). */
export const apiPages = Object.keys(JSON.parse(readFileSync(join(docs, '..', 'package.json'), 'utf8')).exports)
  .filter((key) => key !== './package.json')
  .map((key) => (key === '.' ? 'agent-turn' : `agent-turn/${key.slice(2)}`))
  .map((subpath) => [`api/${subpath}`, subpath]);

/** A page's title (its first `# ` line) and a line about it (its first sentence of prose). */
function describePage(name) {
  const lines = readFileSync(join(docs, `${name}.md`), 'utf8').split('\n');
  const title = (lines.find((l) => l.startsWith('# ')) ?? `# ${name}`).slice(2).trim();
  const prose = lines.find((l) => l.trim() !== '' && !/^(#|```|<|\||- |---)/.test(l)) ?? '';
  return [name, title, prose.replace(/\s+/g, ' ').trim()];
}

/**
 * The sections with every page of docs/: a page not in the list above (one just added) still gets
 * into the sidebar and llms.txt, under "More", with its own title and first line.
 */
export function allSections() {
  const listed = new Set(sections.flatMap((s) => s.pages.map(([name]) => name)));
  const more = readdirSync(docs)
    .filter((file) => file.endsWith('.md') && file !== 'index.md')
    .map((file) => file.slice(0, -3))
    .filter((name) => !listed.has(name))
    .sort()
    .map(describePage);
  return more.length > 0 ? [...sections, { text: 'More', pages: more }] : sections;
}
