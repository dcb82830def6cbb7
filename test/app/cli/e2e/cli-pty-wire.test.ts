// A whole turn at a terminal over each wire (--wire): the scripted model, answering on that wire,
// reads README.md, asks to write notes.md, the person presses y, the file is written and the turn
// completes. Tag mode, pace 0; the scripted model over HTTP, so the test sees which path each
// request took.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHAT_WIRES } from '../../../../src/wire/index.js';
import { startScriptedServer } from '../../../../app/serve/serve-scripted-model.js';
import { startCliInPty, type PtySession } from '../../../support/pty-session.js';
import { makeSandbox } from '../../../support/tool-fixtures.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

const README = '# Demo\nIt greets.\n';

/** The path each wire posts to, after the base URL. */
const PATHS = {
  'chat-completions': '/v1/chat/completions',
  'anthropic-messages': '/v1/messages',
  responses: '/v1/responses',
};

/** Presses a key once the prompt has settled (keys typed sooner are dropped as type-ahead). */
async function press(cli: PtySession, prompt: string | RegExp, key: string) {
  await cli.waitFor(prompt, 60_000);
  await new Promise((r) => setTimeout(r, 250));
  cli.type(key);
}

describe.concurrent('a turn at a terminal over each wire', () => {
  for (const wire of CHAT_WIRES) {
    it(`${wire}: read, a write approved with y, completed`, async () => {
      const sandbox = await makeSandbox({ 'README.md': README });
      const paths: string[] = [];
      const server = await startScriptedServer({
        port: 0,
        pace: 0,
        wrapModel: (model) => (input, init) => {
          paths.push(new URL(String(input)).pathname);
          return model(input, init);
        },
      });
      cleanups.push(sandbox.cleanup, () => server.close());
      const cli = startCliInPty(
        [
          '--wire',
          wire,
          '--base-url',
          server.url,
          '--model',
          'glm-5.1',
          '--workspace',
          sandbox.workspace,
          'Read README.md and write notes.md about it',
        ],
        { columns: 100, rows: 60 },
      );
      cleanups.push(async () => cli.kill());
      await press(cli, 'Create notes.md?', 'y');
      expect(await cli.exited).toBe(0);
      const text = cli.text();
      expect(text).toContain('⏺ read_file README.md');
      expect(text).toContain('Create notes.md? [y yes');
      const notes = await readFile(path.join(sandbox.workspace, 'notes.md'), 'utf8');
      expect(notes.length).toBeGreaterThan(0);
      // The written file is the one the approval card showed.
      expect(text).toContain(notes.split('\n')[0]!);
      // Every request of the turn went over the wire asked for (one to read, one to write, one to end).
      expect(paths.length).toBeGreaterThanOrEqual(3);
      expect(new Set(paths)).toEqual(new Set([PATHS[wire]]));
    }, 90_000);
  }
});
