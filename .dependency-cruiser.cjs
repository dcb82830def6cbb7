// Import rules, checked by `npm run check:imports` (part of `npm test`): no cycles between files,
// and the layers and core folders point one way only, so no folder cycle can form either.
//   app/ → bindings/ → machines/ → src/        (a lower layer never imports an upper one)
//   scripted/ → src/                          (the scripted model: a model double beside the core, never in it)
//   app/ (the CLI package, the page) → the library only through `agent-turn/...` entries
//   scripted/: agent/ (the demo agent) → endpoint/ (the wire, faults, pace, history rules), never back
//   src/: wire ← protocol ← parser ← reply;  protocol (dialect names) ← profiles ← reply (history rules);  wire, profiles ← structured;  wire ← window;
//         parser, protocol, structured, wire ← tools (defineTool);
//         errors (the error marker) ← every other core folder
//   app/tools/*.ts, app/tools/files/ (the shared tools) ← app/tools/{node,memory}/ (adapters); only node/ may use node modules
const core = (folder, allowed) => {
  const reachable = [folder, ...allowed, ...(folder === 'errors' ? [] : ['errors'])];
  return {
    name: `core-${folder}`,
    comment: `src/${folder}/ may import only src/{${reachable.join(', ')}}/`,
    severity: 'error',
    from: { path: `^src/${folder}/` },
    to: { path: '^src/', pathNot: [`^src/(${reachable.join('|')})/`] },
  };
};

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'core-not-upward',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(machines|bindings|app|scripted)/' },
    },
    {
      name: 'machines-not-upward',
      severity: 'error',
      from: { path: '^machines/' },
      to: { path: '^(bindings|app|scripted)/' },
    },
    {
      name: 'scripted-beside-the-core',
      comment: 'the scripted model (scripted/) uses the core (src/) and nothing above it; no library layer uses it',
      severity: 'error',
      from: { path: '^scripted/' },
      to: { path: '^(machines|bindings|app)/' },
    },
    {
      name: 'no-library-layer-uses-scripted',
      severity: 'error',
      from: { path: '^(src|machines|bindings)/' },
      to: { path: '^scripted/' },
    },
    {
      name: 'scripted-endpoint-not-agent',
      comment: 'the endpoint (wire, faults, pace, history rules) plays any replies; the demo agent is one of them',
      severity: 'error',
      from: { path: '^scripted/endpoint/' },
      to: { path: '^scripted/(agent/|[^/]+$)' },
    },
    {
      name: 'scripted-no-node',
      comment: 'the scripted model runs in the web page too',
      severity: 'error',
      from: { path: '^scripted/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'bindings-not-app',
      comment: 'a binding (agent-turn/react) is part of the package, never of the app',
      severity: 'error',
      from: { path: '^bindings/' },
      to: { path: '^(app|scripted)/' },
    },
    {
      name: 'bindings-no-node',
      comment:
        'the React and Restate bindings run on servers and in browsers; agent-turn/node (bindings/node) is for Node',
      severity: 'error',
      from: { path: '^bindings/(?!node/)' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-no-node',
      comment: 'the core is isomorphic',
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['core'] },
    },
    { name: 'core-no-xstate', severity: 'error', from: { path: '^src/' }, to: { path: 'node_modules/xstate' } },
    { name: 'machines-no-node', severity: 'error', from: { path: '^machines/' }, to: { dependencyTypes: ['core'] } },
    {
      name: 'tools-isomorphic',
      comment:
        'the shared tools (app/tools/*.ts, app/tools/files/) and the in-memory adapter run in the web page: no node modules',
      severity: 'error',
      from: { path: '^app/tools/(?!node/)' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'tools-not-adapters',
      comment: 'the shared tools know only the workspace port, never an adapter',
      severity: 'error',
      from: { path: '^app/tools/([^/]+$|files/)' },
      to: { path: '^app/tools/(node|memory)/' },
    },
    {
      name: 'ui-isomorphic',
      comment:
        'app/ui/ (what approvals show: visible text, diffs) serves the CLI and the web page alike: no front end, no adapter',
      severity: 'error',
      from: { path: '^app/ui/' },
      to: { path: '^app/(cli/|web/|tools/(node|memory)/)' },
    },
    {
      name: 'ui-no-node',
      comment: 'app/ui/ runs in the web page: no node modules',
      severity: 'error',
      from: { path: '^app/ui/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'web-no-node-tools',
      comment: 'the page uses the in-memory adapter, never the disk one',
      severity: 'error',
      from: { path: '^app/web/' },
      to: { path: '^app/tools/node/' },
    },
    {
      name: 'app-through-public-entries',
      comment:
        'app/ (the CLI package and the page) uses the library as its users do: `agent-turn`, `agent-turn/core`, `agent-turn/scripted`, a binding subpath (tsconfig paths map them onto the sources) — never a relative path into it',
      severity: 'error',
      from: { path: '^app/' },
      to: { path: '^(src|machines|bindings|scripted)/', dependencyTypesNot: ['aliased-tsconfig-paths'] },
    },
    {
      name: 'app-cli-by-concern',
      comment:
        'app/cli/ holds its files in folders by concern (docs/layout.md); a new concern is added here on purpose, with the layout page',
      severity: 'error',
      from: {
        path: '^app/cli/',
        pathNot:
          '^app/cli/(acp|approval|conversation|display|hooks|markdown|mcp|ndjson|options|permissions|session|settings|turn)/',
      },
      to: {},
    },
    {
      name: 'app-web-by-concern',
      comment:
        'app/web/ keeps only the page shell at its top (main, headless, dom, page options and commands); the rest in folders by concern',
      severity: 'error',
      from: {
        path: '^app/web/',
        pathNot:
          '^app/web/((conversation|diagram|files|persistence)/|(main|headless|dom|page-commands|page-options|model-source|mcp-panel|wire-tap|wire-view|vite\\.config)\\.ts$)',
      },
      to: {},
    },
    {
      name: 'machines-by-concern',
      comment:
        'machines/ holds its files in folders by concern (machine/, actors/, record/, view/, graph/); only index.ts lies at its top',
      severity: 'error',
      from: { path: '^machines/[^/]+$', pathNot: '^machines/index\\.ts$' },
      to: {},
    },
    {
      name: 'machines-concerns-known',
      comment: 'a new concern of machines/ is added here on purpose, with the layout page (docs/layout.md)',
      severity: 'error',
      from: { path: '^machines/(?!(machine|actors|record|view|graph)/|index\\.ts$)' },
      to: {},
    },
    core('errors', []),
    core('wire', []),
    core('profiles', ['protocol']),
    core('window', ['wire']),
    core('protocol', ['wire']),
    core('parser', ['protocol']),
    core('reply', ['parser', 'protocol', 'wire', 'profiles']),
    core('structured', ['wire', 'profiles']),
    core('tools', ['parser', 'protocol', 'structured', 'wire']),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.test.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
