// The web page built with vite once per vitest run, for every test file that serves it: the first
// file to ask builds it (a lock folder decides which), the others wait for it. The folder is named
// for the run (AGENT_TURN_TEST_RUN, set in vitest.config.ts) and removed at the run's end
// (test/support/run-teardown.ts). Three files used to build it each, ~20 s apiece.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const CONFIG = fileURLToPath(new URL('../../app/web/vite.config.ts', import.meta.url));
const WAIT_MS = 180_000;

/** The folder the page of this test run is built into (absolute, no trailing separator). */
export function builtPageFolder(): string {
  return join(tmpdir(), `agent-turn-test-page-${process.env.AGENT_TURN_TEST_RUN ?? process.ppid}`);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Builds the page unless another file of this run has (or is building it); resolves to its folder. */
export async function builtPage(): Promise<string> {
  const folder = builtPageFolder();
  const done = join(`${folder}.lock`, 'done');
  const failed = join(`${folder}.lock`, 'failed');
  const won = await mkdir(`${folder}.lock`).then(
    () => true,
    () => false,
  );
  if (won) {
    try {
      await build({ configFile: CONFIG, logLevel: 'warn', build: { outDir: folder, emptyOutDir: true } });
      await writeFile(done, '');
    } catch (error) {
      await writeFile(failed, String((error as Error)?.stack ?? error));
      throw error;
    }
    return folder;
  }
  for (const started = Date.now(); Date.now() - started < WAIT_MS; ) {
    if (await exists(done)) return folder;
    if (await exists(failed)) throw new Error(`the page's build failed:\n${await readFile(failed, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the page's build by another test file did not finish in ${WAIT_MS / 1000} s`);
}
