// `agent-turn serve`: the turn server started with the CLI's setup (serve-setup.ts), its address
// printed, stopped by Ctrl-C.
import { printable } from '../cli/display/ansi-style.js';
import { serveSetup, type ServeIo } from './serve-setup.js';
import { startTurnServer } from './turn-server.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Runs the turn server until Ctrl-C; resolves with the exit code. */
export async function runServe(io: ServeIo, argv: readonly string[]): Promise<number> {
  const say = (text: string) => io.stderr.write(`agent-turn serve: ${printable(text)}\n`);
  const setup = await serveSetup(io, argv);
  if (!setup.ok) return setup.code;
  const server = await startTurnServer(setup.server).catch((error: Error) => error);
  if (server instanceof Error) {
    say(`cannot listen on ${setup.server.host}:${setup.server.port}: ${server.message}`);
    return 2;
  }
  io.stdout.write(
    `agent-turn serve: ${server.url}  (POST /ag-ui: AG-UI, POST /api/chat: AI SDK UI message stream, POST /approval)\n  workspace ${setup.root}, model ${setup.model}\n`,
  );
  if (!LOOPBACK.has(setup.host))
    say('warning: listening beyond loopback; anyone who can reach this port can run turns');
  await new Promise<void>((resolve) => {
    const stop = io.onInterrupt(() => {
      stop();
      resolve();
    });
  });
  await server.close();
  return 0;
}
