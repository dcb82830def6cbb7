// The agent-turn CLI: `npm start -- [options] [task]`. See app/cli/options/help-text.ts.
import { SHOW_CURSOR } from './cli/display/ansi-style.js';
import { asksForHelp, fullHelpText } from './cli/options/help-output.js';
import {
  handOverToChild,
  isHandedOver,
  launcherInterrupts,
  receiveSecrets,
  shouldHandOver,
} from './cli/turn/key-handover.js';

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

/** After a Ctrl-C, the most the CLI waits for the turn to wind down before it leaves anyway. */
const INTERRUPT_DEADLINE_MS = 800;
let interrupted = false;

// --help loads only what it prints: the agent's modules are imported after (a fast cold start).
// `serve --help` is serve's own (app/turn-server/serve-help.ts), printed by runCli's dispatch.
if (process.argv[2] !== 'serve' && asksForHelp(process.argv.slice(2), process.env, process.cwd())) {
  process.stdout.write(fullHelpText());
} else if (shouldHandOver(process.env)) {
  // The key leaves this process's environment: the CLI runs as a child that gets it through a pipe (key-handover.ts).
  await handOverToChild();
} else {
  const handedOver = isHandedOver(process.env);
  const env = handedOver ? receiveSecrets(process.env) : process.env;
  // Under a launcher, a terminal's Ctrl-C reaches both processes: the child counts the launcher's only.
  const sigint = handedOver ? launcherInterrupts() : undefined;
  const { runCli } = await import('./cli/turn/run-cli.js');
  try {
    const code = await runCli({
      argv: process.argv.slice(2),
      env,
      cwd: process.cwd(),
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
      onInterrupt(handler) {
        let deadline: NodeJS.Timeout | undefined;
        const onInterrupt = () => {
          // Whatever a tool is doing, the CLI is gone shortly after a Ctrl-C (unref'd: it never delays a clean exit).
          if (!interrupted) deadline = setTimeout(() => leave(130), INTERRUPT_DEADLINE_MS).unref();
          interrupted = true;
          handler();
        };
        const stop = sigint?.listen(onInterrupt);
        if (!sigint) process.on('SIGINT', onInterrupt);
        return () => {
          if (stop) stop();
          else process.off('SIGINT', onInterrupt);
          // The turn wound down in time: a conversation goes back to its prompt.
          if (deadline) clearTimeout(deadline);
          deadline = undefined;
        };
      },
      exit: leave,
    });
    // Interrupted: leave now rather than wait for killed commands' pipes or a tool that ignores the abort
    // (every command's process group is killed on exit, see app/tools/node/sandbox/live-process-groups.ts).
    if (interrupted) leave(code);
    process.exitCode = code;
  } catch (error) {
    // Loaded already by runCli: --help above stays free of the agent's modules.
    const { describeError } = await import('agent-turn');
    process.stderr.write(`agent-turn: ${describeError(error)}\n`);
    leave(1);
  }
}
