import { defineConfig } from 'tsup';

// The CLI (this package's "bin": agent-turn), bundled for Node so no tsx runs at start. The
// library (`agent-turn`) and the other dependencies stay external: loaded from node_modules as
// installed, so the CLI runs the very library a user installs.
export default defineConfig({
  entry: { 'agent-turn': 'cli.ts' },
  outDir: 'dist/bin',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  dts: false,
  clean: true,
  // The agent's modules in a chunk of their own: --help never loads them.
  splitting: true,
  sourcemap: false,
  keepNames: true,
  // Never the library's sources (the repository's tsconfig maps `agent-turn` onto them for tsc).
  external: [/^agent-turn(\/.*)?$/],
  banner: { js: '#!/usr/bin/env node' },
});
