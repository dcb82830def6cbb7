// `npm run test:restate`: durable turns on a real Restate server (from node_modules) with worker
// processes that are killed and replaced. Apart from `npm test`: it starts servers and takes a minute.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sourceAliases } from './scripts/source-aliases.js';

export default defineConfig({
  resolve: { alias: sourceAliases() },
  test: {
    name: 'restate',
    env: { TSX_TSCONFIG_PATH: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) },
    environment: 'node',
    include: ['test/bindings/restate/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // One server at a time: the files start their own Restate server and workers.
    fileParallelism: false,
  },
});
