// Import rules, checked by `npm run check:imports` (part of `npm test`): no cycles between files,
// and the layers and core folders point one way only, so no folder cycle can form either.
//   app/ → bindings/ → machines/ → src/        (a lower layer never imports an upper one)
//   src/: wire ← protocol ← parser ← reply;  protocol (dialect names) ← profiles ← reply (history rules);  wire, profiles ← structured ← scripted;  wire ← window ← scripted; protocol (MCP tool names) ← scripted;
//         parser, protocol, structured, wire ← tools (defineTool);
//         errors (the error marker) ← every other core folder
//   app/tools/*.ts (the shared tools) ← app/tools/{node,memory}/ (adapters); only node/ may use node modules
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
    { name: 'core-not-upward', severity: 'error', from: { path: '^src/' }, to: { path: '^(machines|bindings|app)/' } },
    { name: 'machines-not-upward', severity: 'error', from: { path: '^machines/' }, to: { path: '^(bindings|app)/' } },
    {
      name: 'bindings-not-app',
      comment: 'a binding (agent-turn/react) is part of the package, never of the app',
      severity: 'error',
      from: { path: '^bindings/' },
      to: { path: '^app/' },
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
      comment: 'the shared tools (app/tools/*.ts) and the in-memory adapter run in the web page: no node modules',
      severity: 'error',
      from: { path: '^app/tools/(?!node/)' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'tools-not-adapters',
      comment: 'the shared tools know only the workspace port, never an adapter',
      severity: 'error',
      from: { path: '^app/tools/[^/]+$' },
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
      name: 'app-through-entries',
      comment:
        'app/ reaches src/ and machines/ only through entry points: src/index.ts, src/<folder>/index.ts, machines/index.ts, machines/<concern>/index.ts',
      severity: 'error',
      from: { path: '^app/' },
      to: { path: '^(src|machines)/', pathNot: ['^(src|machines)/index\\.ts$', '^(src|machines)/[^/]+/index\\.ts$'] },
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
    core('scripted', ['wire', 'profiles', 'structured', 'window', 'protocol']),
    core('tools', ['parser', 'protocol', 'structured', 'wire']),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.test.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
