// How a test starts the CLI: `node --import tsx app/cli.ts` (the sources) by default, or the built
// `app/dist/bin/agent-turn.js` when AGENT_TURN_TEST_CLI=built — `npm test` sets it right after its
// own `npm run build`, so the build is never stale there. The built CLI starts in about a sixth of
// the time (0.26 s against 1.5 s measured on this machine), which is most of the CLI tests' cost.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SOURCE_CLI = fileURLToPath(new URL('../../app/cli.ts', import.meta.url));
const BUILT_CLI = fileURLToPath(new URL('../../app/dist/bin/agent-turn.js', import.meta.url));

/** True when the tests run the built CLI (AGENT_TURN_TEST_CLI=built and the build exists). */
export const TESTS_BUILT_CLI = process.env.AGENT_TURN_TEST_CLI === 'built' && existsSync(BUILT_CLI);

if (process.env.AGENT_TURN_TEST_CLI === 'built' && !TESTS_BUILT_CLI) {
  throw new Error(`AGENT_TURN_TEST_CLI=built, but ${BUILT_CLI} is missing: run npm run build first`);
}

/**
 * The arguments to `node` that start the CLI, before the CLI's own: `[--import, <tsx>, app/cli.ts]`
 * or `[app/dist/bin/agent-turn.js]`. Absolute paths, so any working folder will do.
 */
export const CLI_NODE_ARGS: readonly string[] = TESTS_BUILT_CLI
  ? [BUILT_CLI]
  : ['--import', import.meta.resolve('tsx'), SOURCE_CLI];

/** The same as one shell command line (`node …`), for examples that take a command string. */
export const CLI_COMMAND_LINE = [process.execPath, ...CLI_NODE_ARGS].join(' ');
