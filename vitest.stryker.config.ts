// The node test project alone, for mutation testing (`npm run test:mutation`, stryker.config.json):
// the same tests as `npm test`'s node project, no browser. AGENT_TURN_MUTATION lets the one test
// that only measures survival of a 10 MB input step aside: under Stryker every test runs once per
// mutant, and that one costs seconds each time.
import { defineConfig } from 'vitest/config';
import { sourceAliases } from './scripts/source-aliases.js';

export default defineConfig({
  resolve: { alias: sourceAliases() },
  test: {
    name: 'node',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: ['test/**/*.browser.test.ts', 'test/bindings/restate/**'],
    testTimeout: 30_000,
    env: { AGENT_TURN_MUTATION: '1' },
  },
});
