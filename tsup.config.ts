import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: {
      index: 'machines/index.ts',
      core: 'src/index.ts',
      scripted: 'scripted/index.ts',
      react: 'bindings/react/index.ts',
      restate: 'bindings/restate/index.ts',
      node: 'bindings/node/index.ts',
      otel: 'bindings/otel/index.ts',
      testing: 'bindings/testing/index.ts',
      mcp: 'bindings/mcp/index.ts',
      'ag-ui': 'bindings/ag-ui/index.ts',
      'ui-message-stream': 'bindings/ui-message-stream/index.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    platform: 'neutral',
    target: 'es2022',
    clean: true,
    // Shared chunks for CJS too (ESM has them by default): `agent-turn` and `agent-turn/core` then
    // load one copy of the core, so their classes and module state are the same objects.
    splitting: true,
    sourcemap: false,
    // nanoid is ESM-only: bundling it keeps require() working, and the browser
    // condition picks its crypto.getRandomValues build instead of Node's Buffer one.
    noExternal: ['nanoid'],
    esbuildOptions(options) {
      options.conditions = ['browser'];
    },
  },
]);
