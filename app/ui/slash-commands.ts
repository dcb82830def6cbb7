// The conversation's slash commands, parsed from a line the person typed (or a clear message):
// shared by the CLI's prompt and the page's message box, each of which says what it offers.

/** A slash command the conversation understands. */
export type SlashCommand =
  | { name: 'help' }
  | { name: 'undo'; steps: number }
  | { name: 'compact' }
  | { name: 'model'; model: string }
  | { name: 'clear' }
  | { name: 'cost' }
  | { name: 'last' }
  | { name: 'plan' }
  | { name: 'exit' };

export type SlashParse = { ok: true; command: SlashCommand } | { ok: false; message: string };

/** True when a line is meant as a slash command (starts with `/` and a letter). */
export function isSlashCommand(line: string): boolean {
  return /^\/[A-Za-z?]/.test(line.trim());
}

/** Parses `/name args`. Unknown names and bad arguments give a message saying what and how. */
export function parseSlashCommand(line: string): SlashParse {
  const [head, ...rest] = line.trim().split(/\s+/);
  const name = head.slice(1).toLowerCase();
  const args = rest.join(' ');
  const noArgs = (command: SlashCommand): SlashParse =>
    args === '' ? { ok: true, command } : { ok: false, message: `/${name} takes no arguments (got "${args}").` };
  switch (name) {
    case 'help':
    case '?':
      return { ok: true, command: { name: 'help' } };
    case 'undo': {
      if (args === '') return { ok: true, command: { name: 'undo', steps: 1 } };
      const steps = Number(args);
      if (!Number.isInteger(steps) || steps < 1)
        return { ok: false, message: `/undo takes a number of steps of at least 1 (got "${args}").` };
      return { ok: true, command: { name: 'undo', steps } };
    }
    case 'compact':
      return noArgs({ name: 'compact' });
    case 'model':
      if (args === '') return { ok: false, message: '/model needs a model name, e.g. /model scripted:qwen3.6-plus.' };
      return { ok: true, command: { name: 'model', model: args } };
    case 'clear':
      return noArgs({ name: 'clear' });
    case 'cost':
      return noArgs({ name: 'cost' });
    case 'last':
      return noArgs({ name: 'last' });
    case 'plan':
      return noArgs({ name: 'plan' });
    case 'exit':
    case 'quit':
      return noArgs({ name: 'exit' });
    default:
      return {
        ok: false,
        message: `Unknown command "/${name}". Commands: /undo [N], /compact, /model NAME, /clear, /cost, /last, /plan, /help, /exit.`,
      };
  }
}
