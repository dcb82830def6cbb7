// The kit's pure parts on the tightest budget (mutation/stryker.kit-units.json): the invariant
// check, the history and view checks, the error and the walk's alphabet and state keys, against
// their own unit tests only — no replay — so a mutant costs milliseconds. A lower bound again:
// every replay of the subpaths' tests runs these checks too.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'node',
    environment: 'node',
    root: '.',
    include: [
      'test/bindings/testing/turn-invariants.test.ts',
      'test/bindings/testing/history-and-view-checks.test.ts',
      'test/bindings/testing/turn-graph-events.test.ts',
    ],
    testTimeout: 30_000,
    env: { AGENT_TURN_MUTATION: '1' },
  },
});
