// A command as the permission rules see it: read by shell-words.ts exactly as `/bin/sh -c` would
// (or not at all), as simple commands of words. Allow rules may cover it only when it is plain:
// read with certainty, no environment set for a command, no program that runs other commands,
// no redirection to or from a file (a write is asked as one).
// Deny rules look further: at every simple command, with the program's folder dropped
// (`/bin/rm` is `rm`) and through the programs that run others (`command rm`, `env A=1 rm`,
// `sudo rm`, `sh -c 'rm …'`, `find -exec rm`); where they cannot see what would run, they say so
// (`denyUnsure`) and the caller denies or asks out of caution.
import { readShell, type ShellSegment } from './shell-words.js';

/** What the rules need to know about one command. */
export interface CommandParse {
  /** Plain enough for an allow rule to cover; else `reason` says why not. */
  ok: boolean;
  reason?: string;
  /** The simple commands' words, as read (those before what could not be read, when not sure). */
  segments: string[][];
  /** What deny rules match: every simple command, and the commands run through other programs. */
  denyCandidates: string[][];
  /** Set when deny rules cannot see everything that would run (why). */
  denyUnsure?: string;
  /** Files the command writes through redirections (`> .env`, `0>x`) and `tee`'s file operands, as written. */
  writes: string[];
}

/** Programs that run other commands, or run a program with changed conditions. */
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
  'mksh',
  'fish',
  'csh',
  'tcsh',
  'env',
  'sudo',
  'su',
  'doas',
  'runuser',
  'xargs',
  'nohup',
  'command',
  'builtin',
  'nice',
  'ionice',
  'timeout',
  'time',
  'watch',
  'parallel',
  'busybox',
  'script',
  'setsid',
  'stdbuf',
  'chroot',
  'flock',
  'taskset',
  'chrt',
  'unshare',
  'nsenter',
  'strace',
  'ltrace',
  'trap',
  'alias',
]);
/** find's actions that run a program on what it finds. */
const FIND_RUNS = new Set(['-exec', '-execdir', '-ok', '-okdir']);
/** Interpreters whose options take code as text: with those options deny rules cannot see what runs. */
const INTERPRETERS = new Set([
  'python',
  'python2',
  'python3',
  'perl',
  'ruby',
  'node',
  'deno',
  'bun',
  'php',
  'lua',
  'awk',
  'gawk',
  'mawk',
  'nawk',
  'tclsh',
  'R',
  'Rscript',
  'osascript',
  'pwsh',
]);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'csh', 'tcsh', 'busybox']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** A program's name without its folder: `/usr/bin/rm` → `rm`. */
export function programName(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

/** Why a simple command cannot be covered by an allow rule, if it cannot. */
function notPlain(segment: ShellSegment): string | undefined {
  const { words, redirects } = segment;
  if (words.length === 0) return 'it has a redirection with no command';
  if (ASSIGNMENT.test(words[0]!)) return `it sets ${words[0]!.slice(0, words[0]!.indexOf('='))} for the command`;
  const program = programName(words[0]!);
  if (RUNS_OTHER_COMMANDS.has(program)) return `${program} runs other commands`;
  if (program === 'find' && words.some((w) => FIND_RUNS.has(w))) return 'find runs a command on what it finds';
  for (const r of redirects) {
    if (r.kind === 'write' && r.target !== '/dev/null')
      return `it writes ${r.target} through a redirection (${r.fd === 1 ? '' : r.fd}${r.op}), a write asked as one`;
    if (r.kind === 'dup' && !/^[012-]$/.test(r.target)) return `it uses the file descriptor ${r.target}`;
    // A rule names a command, not where its input comes from.
    if (r.kind === 'read' && r.target !== '/dev/null') return `it reads ${r.target} through a redirection`;
  }
  return undefined;
}

/** The words after a wrapper program's own: every later start (options and their values unknown). */
function suffixes(words: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let k = 1; k < words.length; k++) out.push(words.slice(k));
  return out;
}

interface DenyView {
  candidates: string[][];
  unsure?: string;
}

/** The command text a shell or `eval` would run, from their words; undefined when none is found. */
function innerScript(program: string, args: readonly string[]): string | undefined {
  if (program === 'eval') return args.join(' ');
  const c = args.findIndex((a) => /^-[a-z]*c[a-z]*$/.test(a));
  return c >= 0 ? args[c + 1] : undefined;
}

/** The commands deny rules check for one simple command (itself and what it runs), to a depth. */
function denyView(words: readonly string[], depth: number): DenyView {
  const view: DenyView = { candidates: [] };
  let start = 0;
  while (start < words.length && ASSIGNMENT.test(words[start]!)) start++;
  const own = words.slice(start);
  if (own.length === 0) return view;
  view.candidates.push(own);
  const program = programName(own[0]!);
  const args = own.slice(1);
  if (INTERPRETERS.has(program) && args.some((a) => /^-/.test(a)))
    view.unsure ??= `${program} may run code given as text`;
  if (program === 'find') {
    const at = own.findIndex((w) => FIND_RUNS.has(w));
    if (at < 0) return view;
    view.unsure ??= 'find runs a command on what it finds';
    view.candidates.push(...denyView(own.slice(at + 1), depth + 1).candidates);
    return view;
  }
  if (!RUNS_OTHER_COMMANDS.has(program)) return view;
  view.unsure ??= `${program} runs other commands`;
  if (depth > 4) return view;
  const script = SHELLS.has(program) || program === 'eval' ? innerScript(program, args) : undefined;
  if (script !== undefined) {
    const inner = analyseCommand(script, depth + 1);
    view.candidates.push(...inner.denyCandidates);
  }
  for (const rest of suffixes(own)) {
    const deeper = denyView(rest, depth + 1);
    view.candidates.push(...deeper.candidates);
  }
  return view;
}

/** `tee`'s file operands: its words after the options (every word after `--`). */
function teeFiles(words: readonly string[]): string[] {
  if (words.length === 0 || programName(words[0]!) !== 'tee') return [];
  const files: string[] = [];
  let options = true;
  for (const word of words.slice(1)) {
    if (options && word === '--') options = false;
    else if (!(options && word.startsWith('-') && word !== '-')) files.push(word);
  }
  return files;
}

/** Every file a segment writes: its redirections' targets (not an fd copy) and tee's files; never /dev/null. */
function writesOf(segment: ShellSegment): string[] {
  const redirected = segment.redirects.filter((r) => r.kind === 'write').map((r) => r.target);
  return [...redirected, ...teeFiles(segment.words)].filter((target) => target !== '/dev/null');
}

function analyseCommand(command: string, depth: number): CommandParse {
  // More lines: each is read on its own for the deny rules (allow rules cover none of it).
  const lines = command.split(/\r\n|\r|\n/);
  const readings = lines.map((line) => readShell(line));
  const segments = readings.flatMap((r) => r.segments);
  const words = segments.map((s) => s.words);
  const writes = segments.flatMap(writesOf);
  const denyCandidates: string[][] = [];
  let denyUnsure: string | undefined;
  for (const s of segments) {
    const view = denyView(s.words, depth);
    denyCandidates.push(...view.candidates);
    denyUnsure ??= view.unsure;
  }
  const firstUnsure = readings.find((r) => !r.sure)?.reason;
  const reason =
    lines.length > 1
      ? 'it has more than one line'
      : (firstUnsure ?? segments.map(notPlain).find((r) => r !== undefined));
  denyUnsure ??= lines.length > 1 ? 'it has more than one line' : firstUnsure;
  return {
    ok: reason === undefined,
    ...(reason !== undefined ? { reason } : {}),
    segments: words,
    denyCandidates,
    ...(denyUnsure !== undefined ? { denyUnsure } : {}),
    writes,
  };
}

/**
 * Reads a command for the permission rules.
 *
 * @example
 * ```ts
 * parseCommand('git status').ok; // true
 * parseCommand('git status > .env').reason; // 'it writes .env through a redirection (>), a write asked as one'
 * parseCommand('command rm -rf x').denyCandidates; // [['command', 'rm', '-rf', 'x'], ['rm', '-rf', 'x'], …]
 * ```
 */
export function parseCommand(command: string): CommandParse {
  return analyseCommand(command, 0);
}
