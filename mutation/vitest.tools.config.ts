// The workspace files' mutation runs (mutation/stryker.tools.json): the tool tests and the page's
// tool tests only, so a mutant of app/tools/memory or app/tools/workspace-port.ts costs seconds
// instead of meeting every CLI and page test that imports the tools; the score is a lower bound of
// what the whole suite pins.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'node',
    environment: 'node',
    root: '.',
    include: ['test/app/tools/**/*.test.ts', 'test/app/web/web-tools.test.ts'],
    exclude: ['test/**/*.browser.test.ts'],
    testTimeout: 30_000,
    env: { AGENT_TURN_MUTATION: '1' },
  },
});
