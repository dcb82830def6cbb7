// A strict reader of the POSIX `sh` command language, for permission rules: it splits a command
// into simple commands (between ; && || | &), each a list of words and its redirections, exactly
// as `/bin/sh -c` would — or it says it is not sure. It is sure only of the plain part of the
// language: words of ordinary characters, '…' and "…" quoting, backslash escapes, a `#` comment
// at the start of a word, the list and pipe operators and redirections to plain words. Anything
// that expands, substitutes or depends on the shell's state ($, backticks, globs, ~, braces,
// here-documents, subshells, keywords, more than one line, bash-only operators …) is "unsure":
// the caller then never lets an allow rule cover the command.

/** One redirection of a simple command: `2>&1`, `> out.txt`, `< in.txt`. */
export interface ShellRedirect {
  /** The operator as written, without its fd: `>`, `>>`, `>|`, `<`, `<>`, `>&`, `<&`. */
  op: string;
  /** The fd it applies to (the default: 1 for output, 0 for input). */
  fd: number;
  /** The target word (a file, or an fd number / `-` for `>&` and `<&`). */
  target: string;
  /** `write`: opens the target file for writing; `read`: for reading; `dup`: copies or closes an fd. */
  kind: 'write' | 'read' | 'dup';
}

/** One simple command: its words (the program first) and redirections. */
export interface ShellSegment {
  words: string[];
  redirects: ShellRedirect[];
}

/** What the reader made of a command: `sure` false with the first reason it was not. */
export interface ShellReading {
  sure: boolean;
  /** Why it is not sure (the first thing found), when it is not. */
  reason?: string;
  /** The simple commands as far as they could be read (all of them when sure). */
  segments: ShellSegment[];
}

/** Characters that stand for themselves outside quotes. */
const PLAIN = /[A-Za-z0-9_@%+=:,./-]/;
/** Outside quotes: what each special character does that this reader refuses to guess. */
const UNSURE_CHARS: Record<string, string> = {
  $: 'it uses a variable or a substitution ($)',
  '`': 'it has a backtick substitution',
  '*': 'it has a glob (*) the shell expands',
  '?': 'it has a glob (?) the shell expands',
  '[': 'it has a glob ([) the shell expands',
  ']': 'it has a glob (]) the shell expands',
  '~': 'it has a ~ the shell expands',
  '{': 'it has a brace ({) the shell may expand',
  '}': 'it has a brace (}) the shell may expand',
  '(': 'it has a subshell or a function',
  ')': 'it has a subshell or a function',
  '!': 'it has a ! (negation or history)',
  '^': 'it has a ^ (a pipe in old shells)',
};
/** Words that are shell syntax, not programs, in the program's place. */
const KEYWORDS = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'for',
  'while',
  'until',
  'do',
  'done',
  'case',
  'esac',
  'in',
  'function',
  'select',
  'time',
  'coproc',
  '[[',
  ']]',
  '!',
  '{',
  '}',
]);

interface Cursor {
  text: string;
  i: number;
}

/** Reads one word at the cursor (quotes and escapes resolved); `unsure` when it cannot be sure of it. */
function readWord(c: Cursor): { word: string; quoted: boolean } | { unsure: string } {
  let word = '';
  let quoted = false;
  while (c.i < c.text.length) {
    const ch = c.text[c.i]!;
    if (ch === ' ' || ch === '\t' || ch === ';' || ch === '&' || ch === '|' || ch === '<' || ch === '>') break;
    if (ch === "'") {
      const end = c.text.indexOf("'", c.i + 1);
      if (end < 0) return { unsure: 'it has an unclosed single quote' };
      word += c.text.slice(c.i + 1, end);
      quoted = true;
      c.i = end + 1;
    } else if (ch === '"') {
      const read = readDoubleQuoted(c);
      if ('unsure' in read) return read;
      word += read.text;
      quoted = true;
    } else if (ch === '\\') {
      const next = c.text[c.i + 1];
      if (next === undefined) return { unsure: 'it ends with a backslash' };
      if (next === '\n' || next === '\r') return { unsure: 'it continues a line with a backslash' };
      word += next;
      quoted = true;
      c.i += 2;
    } else if (PLAIN.test(ch) || ch.charCodeAt(0) > 127 || (ch === '#' && word !== '')) {
      // A `#` inside a word is a character of the word: only at a word's start does it begin a comment.
      word += ch;
      c.i++;
    } else {
      return { unsure: UNSURE_CHARS[ch] ?? `it has the character ${JSON.stringify(ch)} the shell may treat specially` };
    }
  }
  return { word, quoted };
}

/** Reads "…" at the cursor: `\` escapes only $ ` " \; a `$` or backtick inside is a substitution (unsure). */
function readDoubleQuoted(c: Cursor): { text: string } | { unsure: string } {
  let text = '';
  let i = c.i + 1;
  while (i < c.text.length) {
    const ch = c.text[i]!;
    if (ch === '"') {
      c.i = i + 1;
      return { text };
    }
    if (ch === '$' || ch === '`') return { unsure: `it has a substitution (${ch}) inside double quotes` };
    if (ch === '\\') {
      const next = c.text[i + 1];
      if (next === undefined) break;
      if (next === '\n' || next === '\r') return { unsure: 'it continues a line with a backslash' };
      text += next === '$' || next === '`' || next === '"' || next === '\\' ? next : `\\${next}`;
      i += 2;
      continue;
    }
    text += ch;
    i++;
  }
  return { unsure: 'it has an unclosed double quote' };
}

/** The redirection operator at the cursor (after any fd number), or undefined. */
function readRedirectOp(c: Cursor): { op: string } | { unsure: string } | undefined {
  const rest = c.text.slice(c.i, c.i + 3);
  if (rest.startsWith('<<')) return { unsure: 'it has a here-document or here-string' };
  if (rest.startsWith('<(') || rest.startsWith('>(')) return { unsure: 'it has a process substitution' };
  for (const op of ['>>', '>|', '>&', '<&', '<>', '>', '<'])
    if (rest.startsWith(op)) {
      c.i += op.length;
      return { op };
    }
  return undefined;
}

function skipBlanks(c: Cursor): void {
  while (c.text[c.i] === ' ' || c.text[c.i] === '\t') c.i++;
}

/** The kind of a redirection: a file opened for writing, for reading, or an fd copied. */
function redirectKind(op: string, target: string): ShellRedirect['kind'] {
  if ((op === '>&' || op === '<&') && /^(\d+|-)$/.test(target)) return 'dup';
  return op === '<' || op === '<&' ? 'read' : 'write';
}

/** The list operator at the cursor, consumed; `unsure` for the ones this reader does not take. */
function readListOp(c: Cursor): { op: string } | { unsure: string } | undefined {
  const two = c.text.slice(c.i, c.i + 2);
  if (two === ';;' || two === ';&') return { unsure: 'it has a case terminator' };
  if (two === '|&') return { unsure: 'it has the bash operator |&' };
  if (two === '&>') return { unsure: 'it has &> (bash: redirect both; sh: background, then redirect)' };
  if (two === '&&' || two === '||') {
    c.i += 2;
    return { op: two };
  }
  const one = c.text[c.i];
  if (one === ';' || one === '&' || one === '|') {
    c.i++;
    return { op: one };
  }
  return undefined;
}

/** Reads one redirection or word into `into`; a reason when it cannot be sure of it. */
function readWordOrRedirect(c: Cursor, into: ShellSegment): string | undefined {
  // An fd number is digits right before < or > (`2>&1`); `ls 1 > x` has the word 1.
  const digits = /^\d+(?=[<>])/.exec(c.text.slice(c.i));
  if (digits) c.i += digits[0].length;
  const op = readRedirectOp(c);
  if (op) {
    if ('unsure' in op) return op.unsure;
    skipBlanks(c);
    const target = readWord(c);
    if ('unsure' in target) return target.unsure;
    if (target.word === '' && !target.quoted) return `its redirection ${op.op} has no target`;
    // Digits right before < or > are the next redirection's fd, not this one's target (sh: a syntax error).
    if (!target.quoted && /^\d+$/.test(target.word) && /[<>]/.test(c.text[c.i] ?? ''))
      return `its redirection ${op.op} is followed by another one`;
    const fd = digits ? Number(digits[0]) : op.op.startsWith('<') ? 0 : 1;
    into.redirects.push({ op: op.op, fd, target: target.word, kind: redirectKind(op.op, target.word) });
    return undefined;
  }
  const word = readWord(c);
  if ('unsure' in word) return word.unsure;
  if (into.words.length === 0 && !word.quoted && KEYWORDS.has(word.word))
    return `it uses the shell keyword ${word.word}`;
  into.words.push(word.word);
  return undefined;
}

/**
 * Reads a command as `/bin/sh -c` would, or says why it is not sure.
 *
 * @example
 * ```ts
 * readShell('git status#; touch x').segments.map((s) => s.words);
 * // [['git', 'status#'], ['touch', 'x']]   (a # inside a word is not a comment)
 * readShell('echo $HOME').sure; // false
 * ```
 */
export function readShell(text: string): ShellReading {
  const segments: ShellSegment[] = [];
  let current: ShellSegment = { words: [], redirects: [] };
  // Deny rules still look at what was read, the command being read included.
  const unsure = (reason: string): ShellReading => ({
    sure: false,
    reason,
    segments: current.words.length > 0 ? [...segments, current] : segments,
  });
  if (/[\r\n]/.test(text)) return unsure('it has more than one line');
  if (/[\0-\x08\x0b-\x1f\x7f]/.test(text)) return unsure('it has a control character');
  const c: Cursor = { text, i: 0 };
  let lastOp: string | undefined;
  for (;;) {
    skipBlanks(c);
    if (c.i >= text.length) break;
    if (text[c.i] === '#') break; // a comment to the end (there is one line)
    const list = readListOp(c);
    if (list) {
      if ('unsure' in list) return unsure(list.unsure);
      if (current.words.length === 0 && current.redirects.length === 0)
        return unsure(`it has ${list.op} with no command before it`);
      segments.push(current);
      current = { words: [], redirects: [] };
      lastOp = list.op;
      continue;
    }
    const step = readWordOrRedirect(c, current);
    if (step !== undefined) return unsure(step);
  }
  if (current.words.length > 0 || current.redirects.length > 0) segments.push(current);
  else if (lastOp === '&&' || lastOp === '||' || lastOp === '|') return unsure(`it ends with ${lastOp}`);
  return { sure: true, segments };
}
