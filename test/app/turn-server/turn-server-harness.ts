// The turn server for the tests: `agent-turn serve`'s own setup (serve-setup.ts) from its
// arguments, on a free port, in a scratch workspace, with no settings of the person running the
// tests; every turn's end kept. The two paces: 0, and a real pace whose bytes arrive cut at random
// places (the scripted model over HTTP).
import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startScriptedServer } from '../../../app/serve/serve-scripted-model.js';
import type { TurnEnd } from '../../../app/turn-server/route-context.js';
import { serveSetup } from '../../../app/turn-server/serve-setup.js';
import { startTurnServer, type TurnServer, type TurnServerOptions } from '../../../app/turn-server/turn-server.js';
import { makeSandbox } from '../../support/tool-fixtures.js';

export const FILES = { 'README.md': '# Greeter\n\nA tiny project that greets people.\n' };

export interface TestTurnServer {
  server: TurnServer;
  root: string;
  ends: TurnEnd[];
  /** Resolves with the next turn end (or one already seen since `since`). */
  ended(since?: number): Promise<TurnEnd>;
  close(): Promise<void>;
}

/** Starts `agent-turn serve` in process with these arguments (after --port 0 --workspace <scratch>). */
export async function startTestTurnServer(
  args: readonly string[],
  extra: Partial<TurnServerOptions> = {},
): Promise<TestTurnServer> {
  const sandbox = await makeSandbox(FILES);
  const config = await mkdtemp(path.join(tmpdir(), 'serve-config-'));
  const cleanups: (() => Promise<unknown>)[] = [sandbox.cleanup];
  let log = '';
  const setup = await serveSetup(
    {
      env: { PATH: process.env.PATH, HOME: config, XDG_CONFIG_HOME: config },
      cwd: sandbox.workspace,
      stdout: { write: (t: string) => (log += t) },
      stderr: { write: (t: string) => (log += t) },
      onInterrupt: () => () => undefined,
    },
    ['--port', '0', '--workspace', sandbox.workspace, ...args],
  );
  if (!setup.ok) throw new Error(`serve setup failed (${setup.code}): ${log}`);
  const ends: TurnEnd[] = [];
  const waiters: (() => void)[] = [];
  const server = await startTurnServer({
    ...setup.server,
    onTurnEnd(end) {
      ends.push(end);
      for (const wake of waiters.splice(0)) wake();
    },
    ...extra,
  });
  cleanups.unshift(() => server.close());
  return {
    server,
    root: sandbox.workspace,
    ends,
    async ended(since = 0) {
      while (ends.length <= since) await new Promise<void>((resolve) => waiters.push(resolve));
      return ends[since];
    },
    close: async () => {
      for (const c of cleanups) await c();
    },
  };
}

/** The model arguments of the two paces (the real one serves the scripted model over HTTP). */
export const PACES: readonly { name: string; args(cleanups: (() => Promise<void>)[]): Promise<string[]> }[] = [
  { name: 'pace 0', args: async () => ['--pace', '0'] },
  {
    name: 'a real pace with random chunk boundaries',
    async args(cleanups) {
      const model = await startScriptedServer({ port: 0, pace: 2, randomChunks: true, seed: 7 });
      cleanups.push(() => model.close());
      return ['--model', 'grok-4.3', '--base-url', model.url];
    },
  },
];

/** Whether a file exists. */
export const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** The task of the cancelled turns: an approved command that takes a while (the client leaves while it runs). */
export const SLOW_COMMAND_TASK = 'Run `sleep 2 && echo done > done.txt`';
