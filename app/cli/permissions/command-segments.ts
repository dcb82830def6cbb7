// A command as the permission rules see it: parsed with `shell-quote` into segments (the simple
// commands between ; && || | & and newlines), each a list of words. Anything the parse cannot
// fully resolve — command or process substitution, variables, here-docs, subshells, backticks,
// environment assignments, commands that run other commands (eval, sh -c …), redirections out of
// the workspace — makes the command unresolved: no allow rule can cover it.
import { parse } from 'shell-quote';

export type CommandParse =
  | { ok: true; segments: string[][] }
  | {
      ok: false;
      reason: string /** The segments that could be read (deny rules still apply to them). */;
      segments: string[][];
    };

const SEPARATORS = new Set([';', '&&', '||', '|', '&', '|&', ';;']);
const REDIRECTIONS = new Set(['>', '>>', '<', '>&', '<&', '&>', '&>>', '>|', '<>']);
/** Programs that run text as commands or run another program with changed conditions. */
const RUNS_OTHER_COMMANDS = new Set([
  'eval',
  'exec',
  'source',
  '.',
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'fish',
  'env',
  'sudo',
  'su',
  'doas',
  'xargs',
  'nohup',
  'command',
  'builtin',
  'nice',
  'timeout',
  'time',
  'watch',
  'parallel',
  'busybox',
  'script',
]);
const VARIABLE = Symbol('variable');

/** A redirection target the workspace keeps: a plain relative path that never climbs out, or /dev/null. */
function insideWorkspace(target: string): boolean {
  if (target === '/dev/null') return true;
  if (target.startsWith('/') || target.startsWith('~') || target.includes('\\')) return false;
  return !target.split('/').some((part) => part === '..');
}

/** Splits a command into segments of words, or says what it cannot resolve. */
export function parseCommand(command: string): CommandParse {
  const segments: string[][] = [];
  const fail = (reason: string): CommandParse => ({ ok: false, reason, segments });
  if (/[\r\n]/.test(command)) return fail('it has more than one line');
  if (command.includes('`')) return fail('it has a backtick substitution');
  if (command.includes('\0')) return fail('it has a NUL character');
  let tokens: ReturnType<typeof parse>;
  try {
    tokens = parse(command, () => VARIABLE as never);
  } catch (error) {
    return fail(`it cannot be parsed (${(error as Error).message})`);
  }
  let current: string[] = [];
  let problem: string | undefined;
  const close = () => {
    if (current.length > 0) segments.push(current);
    current = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as unknown;
    if (typeof token === 'string') {
      current.push(token);
      continue;
    }
    if (token === VARIABLE || (typeof token === 'object' && token !== null && VARIABLE in token)) {
      problem ??= 'it uses a variable or a command substitution';
      continue;
    }
    const t = token as { op?: string; pattern?: string; comment?: string };
    if (t.comment !== undefined) continue;
    if (t.op === 'glob') {
      current.push(t.pattern ?? '');
      continue;
    }
    const op = t.op ?? '';
    if (SEPARATORS.has(op)) {
      close();
      continue;
    }
    if (REDIRECTIONS.has(op)) {
      const target = tokens[i + 1];
      // `2>&1`: the fd number before it and the fd after it are not words.
      if (current.length > 0 && /^\d$/.test(current[current.length - 1])) current.pop();
      if (typeof target !== 'string') {
        problem ??= `its redirection ${op} has no plain target`;
        continue;
      }
      i++;
      if ((op === '>&' || op === '<&') && /^\d+-?$/.test(target)) continue;
      if (!insideWorkspace(target)) problem ??= `it redirects to ${target}, outside the workspace`;
      continue;
    }
    if (op === '<<' || op === '<<<' || op === '<<-') problem ??= 'it has a here-document';
    else if (op === '<(' || op === '>(') problem ??= 'it has a process substitution';
    else if (op === '(' || op === ')') problem ??= 'it has a subshell';
    else problem ??= `it uses the shell operator ${op}`;
  }
  close();
  if (problem === undefined) {
    for (const words of segments) {
      if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) {
        problem = `it sets ${words[0].slice(0, words[0].indexOf('='))} for the command`;
        break;
      }
      const program = words[0].slice(words[0].lastIndexOf('/') + 1);
      if (RUNS_OTHER_COMMANDS.has(program)) {
        problem = `${program} runs other commands`;
        break;
      }
    }
  }
  return problem === undefined ? { ok: true, segments } : fail(problem);
}
