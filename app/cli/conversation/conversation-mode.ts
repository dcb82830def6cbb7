// When the CLI is a conversation: a person at a terminal (stdin and stdout both one), no --json,
// no --print. Anything else (a pipe, CI, a file) keeps the one-shot run: one turn, then exit.
import type { CliOptions } from '../options/cli-options.js';

/** True when the CLI should keep a prompt open after each turn. */
export function isConversation(
  options: Pick<CliOptions, 'json' | 'print'>,
  io: { stdin: { isTTY?: boolean }; stdout: { isTTY?: boolean } },
): boolean {
  return io.stdin.isTTY === true && io.stdout.isTTY === true && !options.json && options.print !== true;
}

/**
 * Whether the conversation starts with a turn: a task on the command line, or `npm start` with no
 * task (the demo's default task, as before). The installed `agent-turn` with no task opens the prompt.
 */
export function startsWithTurn(
  options: Pick<CliOptions, 'taskGiven'>,
  env: Record<string, string | undefined>,
): boolean {
  return options.taskGiven === true || env.npm_lifecycle_event === 'start';
}
