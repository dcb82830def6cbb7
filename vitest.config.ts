import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { sourceAliases } from './scripts/source-aliases.js';
import { turnServerCommands } from './test/app/turn-server/turn-server-commands.js';

// Debian's Chromium (apt-get install -y chromium); Playwright downloads no browser here.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Names what one run's test files share in the temporary folder (test/support/built-page.ts).
const RUN = process.env.AGENT_TURN_TEST_RUN ?? String(process.pid);
process.env.AGENT_TURN_TEST_RUN = RUN; // for the global teardown, which runs here

export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores: on CI's two cores that is one file at a
    // time (the whole run was 1,260 s of one worker). Most files wait on processes they start.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias: sourceAliases() },
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          // test/bindings/restate/ runs a Restate server and workers: `npm run test:restate` (vitest.restate.config.ts).
          exclude: ['test/**/*.browser.test.ts', 'test/bindings/restate/**'],
          testTimeout: 30_000,
          // A CLI a test starts with tsx from another folder still maps `agent-turn/...` onto the
          // sources (tsconfig.json's paths), never onto a built dist/ that may be stale or absent.
          env: {
            TSX_TSCONFIG_PATH: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
            AGENT_TURN_TEST_RUN: RUN,
          },
          globalSetup: ['test/support/run-teardown.ts'],
        },
      },
      {
        resolve: { alias: sourceAliases() },
        optimizeDeps: {
          include: [
            'xstate',
            'nanoid',
            'eventsource-parser',
            'fast-check',
            '@xstate/graph',
            're2js',
            'diff',
            'react',
            'react/jsx-dev-runtime',
            'react-dom',
            'react-dom/client',
            '@xstate/react',
            '@testing-library/react',
            'ai',
            '@ai-sdk/react',
            'elkjs/lib/elk.bundled.js',
          ],
        },
        test: {
          name: 'browser',
          include: ['test/**/*.browser.test.{ts,tsx}', 'test/**/*.iso.test.ts'],
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            // A page's tests that need `agent-turn serve` start it through these (it runs in Node).
            commands: turnServerCommands,
            instances: [{ browser: 'chromium' }],
            provider: playwright({
              launchOptions: {
                executablePath: CHROMIUM,
                args: [
                  '--headless',
                  '--no-sandbox',
                  '--disable-gpu',
                  '--disable-dev-shm-usage',
                  '--disable-background-networking',
                  '--disable-component-update',
                  '--disable-sync',
                  '--no-first-run',
                ],
              },
            }),
          },
        },
      },
    ],
  },
});
