// Where prose stands in Markdown: inside a code form (a fence of backticks or tildes, an indented
// code line, a blockquote line, an open inline code span, a <pre> or <code> element) or not. A
// dialect's opener inside any of them is an example the model shows, never a call. Tracked over
// text as the scan passes it, one character at a time with a fast path for ordinary characters,
// and carried across chunks (a run of backticks or a `<pre` cut by a chunk border counts alike).

const TAB = 9,
  LF = 10,
  CR = 13,
  SPACE = 32,
  LT = 60,
  GT = 62,
  BACKTICK = 96,
  TILDE = 126;

/** The element names whose content is code, as their open and close tags start. */
const HTML_OPEN = new Set(['<pre', '<code']);
const HTML_CLOSE = new Set(['</pre', '</code']);
const HTML_PREFIXES = new Set(['<', '</', '<p', '<pr', '</p', '</pr', '<c', '<co', '<cod', '</c', '</co', '</cod']);

/** The Markdown state of the prose so far (one per parser). */
export interface MarkdownState {
  /** A fence is open: its character (backtick or tilde), else 0; and its length. */
  fenceChar: number;
  fenceLength: number;
  /** A run of backticks or tildes being counted: its character (0 none), length, and whether it began the line. */
  runChar: number;
  run: number;
  runStartsLine: boolean;
  /** Still inside the line's leading whitespace, and its width so far (a tab to the next multiple of 4). */
  lineStart: boolean;
  indent: number;
  /** The line is indented code or a blockquote: the rest of it is an example. */
  lineIsCode: boolean;
  /** A blockquote's paragraph goes on (a line without `>` after a quoted one is still quoted, until a blank line). */
  inQuote: boolean;
  /** The line so far holds only whitespace. */
  lineBlank: boolean;
  /** An inline code span is open: the length of its backtick run (0 none). */
  inline: number;
  /** Open <pre> / <code> elements. */
  html: number;
  /** The text of a `<pre` / `</code` read so far ('' none). */
  probe: string;
  /** The last character on this line that is not whitespace (0 at a line's start). */
  lastVisible: number;
}

export function createMarkdownState(): MarkdownState {
  return {
    fenceChar: 0,
    fenceLength: 0,
    runChar: 0,
    run: 0,
    runStartsLine: false,
    lineStart: true,
    indent: 0,
    lineIsCode: false,
    inQuote: false,
    lineBlank: true,
    inline: 0,
    html: 0,
    probe: '',
    lastVisible: 0,
  };
}

/** A run of backticks or tildes ended: it may open or close a fence or an inline code span. */
function endRun(m: MarkdownState): void {
  const char = m.runChar;
  const n = m.run;
  m.runChar = 0;
  m.run = 0;
  if (m.fenceChar !== 0) {
    if (m.runStartsLine && char === m.fenceChar && n >= m.fenceLength) m.fenceChar = 0;
    return;
  }
  if (m.lineIsCode || m.html > 0) return;
  if (m.inline !== 0) {
    if (char === BACKTICK && n === m.inline) m.inline = 0;
    return;
  }
  if (m.runStartsLine && n >= 3) {
    m.fenceChar = char;
    m.fenceLength = n;
  } else if (char === BACKTICK) m.inline = n;
}

/** A line break: a blank line ends a paragraph, and with it a short inline code span left open. */
function endLine(m: MarkdownState): void {
  if (m.run !== 0) endRun(m);
  if (m.lineBlank) {
    if (m.inline < 3) m.inline = 0;
    m.inQuote = false;
  }
  m.lineStart = true;
  m.indent = 0;
  m.lineIsCode = false;
  m.lineBlank = true;
  m.probe = '';
  m.lastVisible = 0;
}

/** The first character of a line after its indent: indented code, a blockquote, or ordinary. */
function startContent(m: MarkdownState, c: number): void {
  m.lineStart = false;
  m.lineBlank = false;
  if (m.fenceChar !== 0 || m.html !== 0) return;
  if (c === GT) m.inQuote = true;
  if (m.indent >= 4 || m.inQuote) m.lineIsCode = true;
}

/** `<pre`, `</code` … followed by the end of the name: an element opens or closes. */
function readProbe(m: MarkdownState, c: number): void {
  const probe = m.probe;
  const ends = c === GT || c === SPACE || c === TAB || c === 47;
  if (HTML_OPEN.has(probe)) {
    m.probe = '';
    if (ends) m.html++;
  } else if (HTML_CLOSE.has(probe)) {
    m.probe = '';
    if (ends && m.html > 0) m.html--;
  } else {
    const next = probe + String.fromCharCode(c);
    m.probe = HTML_PREFIXES.has(next) || HTML_OPEN.has(next) || HTML_CLOSE.has(next) ? next : '';
  }
}

/** Takes `input[from, to)` (prose) into the Markdown state. */
export function trackMarkdown(m: MarkdownState, input: string, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    if (m.run === 0 && !m.lineStart && m.probe === '') {
      // the fast path: ordinary characters in the middle of a line change nothing but the last
      // visible one, which is looked for once, backwards from where the run stops
      const start = i;
      for (; i < to; i++) {
        const c = input.charCodeAt(i);
        if (c < SPACE || c === LT || c === BACKTICK || c === TILDE) break;
      }
      for (let k = i - 1; k >= start; k--) {
        const c = input.charCodeAt(k);
        if (c !== SPACE) {
          m.lastVisible = c;
          break;
        }
      }
      if (i === to) return;
    }
    const c = input.charCodeAt(i);
    if (c === LF || c === CR) {
      endLine(m);
      continue;
    }
    if (m.lineStart) {
      if (c === SPACE) {
        m.indent++;
        continue;
      }
      if (c === TAB) {
        m.indent += 4 - (m.indent % 4);
        continue;
      }
      startContent(m, c);
      if (c === BACKTICK || c === TILDE) {
        m.runChar = c;
        m.run = 1;
        m.runStartsLine = m.indent <= 3;
        m.lastVisible = c;
        continue;
      }
    }
    if (c === BACKTICK || c === TILDE) {
      if (c === m.runChar) m.run++;
      else {
        if (m.run !== 0) endRun(m);
        m.runChar = c;
        m.run = 1;
        m.runStartsLine = false;
      }
      m.lastVisible = c;
      continue;
    }
    if (m.run !== 0) endRun(m);
    if (m.probe !== '') readProbe(m, c);
    if (c === LT && m.fenceChar === 0 && !m.lineIsCode) m.probe = '<';
    if (c > SPACE) m.lastVisible = c;
  }
}

/** Whether what comes next stands inside a code form (the run of backticks or tildes before it ends here). */
export function inCode(m: MarkdownState): boolean {
  if (m.run !== 0) endRun(m);
  return (
    m.fenceChar !== 0 || m.lineIsCode || m.inline !== 0 || m.html > 0 || (m.lineStart && (m.indent >= 4 || m.inQuote))
  );
}
