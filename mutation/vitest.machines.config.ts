// The machine's mutation runs on a budget (mutation/stryker.machine.json): the machine tests only,
// no app, package or example tests (which drive whole CLIs and pages), so a mutant costs seconds;
// the score is a lower bound of what the whole suite pins.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'node',
    environment: 'node',
    root: '.',
    include: ['test/machines/**/*.test.ts'],
    testTimeout: 8_000,
    env: { AGENT_TURN_MUTATION: '1' },
  },
});
