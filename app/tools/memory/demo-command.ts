// execute_command in the browser: no shell here, so a few read-only commands are emulated over the
// in-memory workspace; anything else is a coded error the model can read.
import type { CommandOutcome, CommandRunner } from '../workspace-port.js';
import { commandNeedsFile, commandNoSuchFile, noShell, toolError } from '../result-sentences.js';
import { listEntries, type MemoryWorkspace } from './memory-workspace.js';

/** The commands the emulation knows. */
export const DEMO_COMMANDS = ['ls [dir]', 'cat <file>', 'wc -l <file>', 'echo <text>', 'pwd'] as const;

/** A CommandRunner that emulates DEMO_COMMANDS over `ws` and refuses the rest. */
export function createDemoCommandRunner(ws: MemoryWorkspace): CommandRunner {
  return {
    run: async ({ command, onOutput }) => {
      const outcome = runDemoCommand(ws, command);
      // No process streams here: a live view gets the whole output at once.
      if (outcome.kind === 'emulated' && outcome.output !== '') onOutput?.(outcome.output);
      return outcome;
    },
  };
}

/** One emulated command: its output, or the coded error that says why it did not run. */
export function runDemoCommand(ws: MemoryWorkspace, command: string): CommandOutcome {
  const [name, ...args] = command.trim().split(/\s+/);
  const output = (text: string): CommandOutcome => ({ kind: 'emulated', output: text });
  const refused = (error: ReturnType<typeof toolError>): CommandOutcome => ({ kind: 'refused', error });
  const fileArg = (raw: string | undefined) => {
    if (raw === undefined) return { ok: false as const, error: commandNeedsFile(name) };
    const r = ws.resolve(raw);
    if (!r.ok) return { ok: false as const, error: toolError(r.error.code, r.error.message) };
    const content = ws.read(r.path);
    if (content === undefined) return { ok: false as const, error: commandNoSuchFile(name, raw) };
    return { ok: true as const, path: r.path, content };
  };
  switch (name) {
    case 'pwd':
      return output('/workspace');
    case 'echo':
      return output(args.join(' '));
    case 'ls': {
      const r = ws.resolve(args[0] ?? '.');
      if (!r.ok) return refused(toolError(r.error.code, r.error.message));
      return output(
        listEntries(ws, r.path, false)
          .map((e) => e.slice(r.path === '' ? 0 : r.path.length + 1))
          .join('\n'),
      );
    }
    case 'cat': {
      const f = fileArg(args[0]);
      return f.ok ? output(f.content) : refused(f.error);
    }
    case 'wc': {
      const f = fileArg(args[0] === '-l' ? args[1] : args[0]);
      return f.ok
        ? output(`${f.content.split('\n').length - (f.content.endsWith('\n') ? 1 : 0)} ${f.path}`)
        : refused(f.error);
    }
    default:
      return refused(noShell(DEMO_COMMANDS));
  }
}
