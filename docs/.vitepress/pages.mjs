// The hand-written pages of the docs site, in reading order, with a line each: the sidebar
// (config.ts) and llms.txt (scripts/llms-txt.mjs) are made from this one list.
export const sections = [
  {
    text: 'Use it',
    pages: [
      ['cli', 'The CLI', 'the coding agent in a terminal: flags, approvals, NDJSON, tokens and cost, the tools'],
      ['web', 'The web page', 'the same machine in a browser: what the page shows, its controls, its tests under load'],
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
    ],
  },
];

/** The subpaths whose API reference TypeDoc writes into docs/api/ (scripts/api-docs.mjs). */
export const apiPages = [
  ['api/agent-turn', 'agent-turn'],
  ['api/agent-turn/core', 'agent-turn/core'],
  ['api/agent-turn/scripted', 'agent-turn/scripted'],
  ['api/agent-turn/react', 'agent-turn/react'],
  ['api/agent-turn/restate', 'agent-turn/restate'],
  ['api/agent-turn/node', 'agent-turn/node'],
  ['api/agent-turn/otel', 'agent-turn/otel'],
  ['api/agent-turn/testing', 'agent-turn/testing'],
];
