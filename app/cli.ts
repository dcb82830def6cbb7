// The agent-turn CLI: `npm start -- [options] [task]`. See app/cli/help-text.ts.
import { runCli } from './cli/run-cli.js';
import { SHOW_CURSOR } from './cli/ansi-style.js';

/** Never leave a person's terminal without its cursor, however we leave. */
function leave(code: number): never {
  if (process.stdout.isTTY) process.stdout.write(SHOW_CURSOR);
  process.exit(code);
}

// A reader that went away (`| head`) is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

try {
  process.exitCode = await runCli({
    argv: process.argv.slice(2),
    env: process.env,
    cwd: process.cwd(),
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    onInterrupt(handler) {
      process.on('SIGINT', handler);
      return () => process.off('SIGINT', handler);
    },
    exit: leave,
  });
} catch (error) {
  process.stderr.write(`agent-turn: ${error instanceof Error ? error.message : String(error)}\n`);
  leave(1);
}
