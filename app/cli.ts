// The agent-turn CLI: `npm start -- [options] [task]`. See app/cli/help-text.ts.
import { runCli } from './cli/run-cli.js';

const code = await runCli({
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
  exit: (c) => process.exit(c),
});
// Let stdout drain before leaving: piped NDJSON must arrive whole.
process.exitCode = code;
process.stdin.unref?.();
