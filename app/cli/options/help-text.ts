import { CLI_FLAG_GROUPS, CLI_FLAGS } from './cli-flags.js';
import { DEFAULT_TASK } from './cli-options.js';

/** `--help`: what a person needs to run the agent. */
export function helpText(
  profiles: readonly string[],
  faults: readonly string[],
  dialects: readonly string[] = [],
): string {
  return `${HEADER}${optionsText()}${NOTES}
Scripted profiles (--model):
${wrapList(profiles)}
Scripted faults (--fault):
${wrapList(faults)}
Scripted dialects (--scripted-dialect):
${wrapList(dialects)}
`;
}

const HEADER = `agent-turn — run one coding-agent turn in a folder, streamed to the terminal

Usage: agent-turn [options] [task]          (installed: npm i -g agent-turn-cli)
       npm start -- [options] [task]         (in a checkout of this repository)
       agent-turn serve [options]            turns for web apps over HTTP: AG-UI and the AI SDK's
                                             UI message stream (agent-turn serve --help)

With no arguments: the scripted model at a realistic pace, in the current folder, read-only,
with the task "${DEFAULT_TASK}".

`;

const NOTES = `
In a terminal the CLI is a conversation: after each turn a prompt takes the next message, with
the history carried over. Slash commands: /undo [N] (put back the files the agent's last steps
changed), /compact (summarise older messages), /summary [N] (a summary and the messages it
replaced, in the pager), /last, /model NAME, /clear, /cost, /help, /exit. /undo still works
after --continue / --resume (the steps are kept beside the session).
Ctrl-C stops the turn and comes back to the prompt; Ctrl-C on an empty prompt or Ctrl-D leaves.
Conversations are kept in $XDG_STATE_HOME/agent-turn/sessions (~/.local/state/...).

Writes and commands ask for approval in a terminal, one key: y yes, n no (then feedback),
a always for that tool this turn, v view a long diff again ($PAGER, else less). A write or an
edit is shown as a diff against the file; a command whole, hidden characters made visible.
Without a terminal and without --yes they are refused and the model is told why. Ctrl-C stops
the turn and keeps what arrived.

Commands run in a bubblewrap sandbox on Linux: only the workspace is writable (its .git stays
read-only), home folders and other secrets are hidden, /tmp is private, no network, a clean
environment (no API key), and every process a command starts dies with it. Processes and memory
are limited by a cgroup per command where one can be made (as root with a writable cgroup, or
with cgroup delegation), else by rlimits (the process limit then does not hold for root). Where
no sandbox can be had, the CLI says so at start and asks before each command, even with --yes,
unless --no-sandbox is given.

Files that run code later — .git/, .vscode/tasks.json, .vscode/settings.json, .envrc, .npmrc,
package.json, .github/workflows/ — are called out in the approval card and asked every time
("a" does not cover them); --yes does not write them. The file tools refuse .git/ paths unless
--allow-git-writes is given.

Contradicting flags are refused: --read-only with --yes, --pace, --fault or --scripted-dialect
with a real model, --base-url with a scripted model.

Exit codes: 0 completed, 1 failed or stopped by a limit, 2 bad arguments, 130 interrupted.
`;

/** The flags of cli-flags.ts, by group: each flag's spellings and value, then its sentence wrapped beside it. */
function optionsText(): string {
  const lines: string[] = [];
  for (const [group, heading] of Object.entries(CLI_FLAG_GROUPS)) {
    lines.push(`${heading}:`);
    for (const flag of CLI_FLAGS.filter((f) => f.group === group)) {
      const usage = `  ${flag.name}${flag.valueName ? ` ${flag.valueName}` : ''}${flag.short ? `, ${flag.short}` : ''}`;
      const text = wrapWords(flag.help, HELP_WIDTH - HELP_COLUMN);
      if (usage.length < HELP_COLUMN) lines.push(`${usage.padEnd(HELP_COLUMN)}${text[0]}`);
      else lines.push(usage, `${' '.repeat(HELP_COLUMN)}${text[0]}`);
      for (const more of text.slice(1)) lines.push(`${' '.repeat(HELP_COLUMN)}${more}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** Where a flag's sentence starts, and the width it is wrapped to. */
const HELP_COLUMN = 22;
const HELP_WIDTH = 94;

/** Text broken between words into lines of at most `width` characters (a longer word stands alone). */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/** A comma-separated list, indented, broken before 90 columns. */
function wrapList(items: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line === '' ? item : `${line}, ${item}`;
    if (next.length > 86 && line !== '') {
      lines.push(`${line},`);
      line = item;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines.map((l) => `  ${l}`).join('\n');
}
