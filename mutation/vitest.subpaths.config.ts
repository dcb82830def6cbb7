// The subpaths' mutation runs (mutation/stryker.subpaths.json): the tests of agent-turn/testing and
// agent-turn/otel only, and of the kit's tests not the two that replay every path of a model many
// times over (seconds each, and each mutant would meet them again); the kit's unit tests and its
// small-model tests stay. The score is a lower bound of what the whole suite pins.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'node',
    environment: 'node',
    root: '.',
    include: ['test/bindings/testing/**/*.test.ts', 'test/bindings/otel/**/*.test.ts'],
    testNamePattern: /^(?!.*(every path of the default model|at random chunk boundaries \(fast-check seeds\)))/,
    testTimeout: 60_000,
    env: { AGENT_TURN_MUTATION: '1' },
  },
});
