// execute_command in the browser: no shell here, so a few read-only commands are emulated over the
// in-memory workspace; anything else is a coded error the model can read.
import { toolError } from '../tools/tool-types.js';
import { listEntries, type MemoryWorkspace } from './memory-workspace.js';

export type DemoCommandResult = string | ReturnType<typeof toolError>;

export const DEMO_COMMANDS = ['ls [dir]', 'cat <file>', 'wc -l <file>', 'echo <text>', 'pwd'] as const;

export function runDemoCommand(ws: MemoryWorkspace, command: string): DemoCommandResult {
  const [name, ...args] = command.trim().split(/\s+/);
  const fileArg = (raw: string | undefined) => {
    if (raw === undefined) return { ok: false as const, error: toolError('missing-param', `${name} needs a file name.`) };
    const r = ws.resolve(raw);
    if (!r.ok) return { ok: false as const, error: toolError('outside-workspace', r.error.message) };
    const content = ws.read(r.path);
    if (content === undefined) return { ok: false as const, error: toolError('not-found', `${name}: ${raw}: no such file`) };
    return { ok: true as const, path: r.path, content };
  };
  switch (name) {
    case 'pwd':
      return '/workspace';
    case 'echo':
      return args.join(' ');
    case 'ls': {
      const r = ws.resolve(args[0] ?? '.');
      if (!r.ok) return toolError('outside-workspace', r.error.message);
      return listEntries(ws, r.path, false).map((e) => e.slice(r.path === '' ? 0 : r.path.length + 1)).join('\n');
    }
    case 'cat': {
      const f = fileArg(args[0]);
      return f.ok ? f.content : f.error;
    }
    case 'wc': {
      const f = fileArg(args[0] === '-l' ? args[1] : args[0]);
      return f.ok ? `${f.content.split('\n').length - (f.content.endsWith('\n') ? 1 : 0)} ${f.path}` : f.error;
    }
    default:
      return toolError('invalid-param', `The browser demo has no shell; it can run only: ${DEMO_COMMANDS.join(', ')}.`);
  }
}
