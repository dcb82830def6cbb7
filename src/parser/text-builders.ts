// Incremental builders for block values. Both accept slices of the input and never index
// into what they have built, so a value that grows by millions of tiny appends stays an
// O(1)-per-append rope instead of being re-flattened and copied on every chunk.

const TAB = 9,
  LF = 10,
  CR = 13,
  SPACE = 32;

/** Exactly the code units String.prototype.trim removes, so trimming here equals `.trim()`. */
export function isWhitespace(c: number): boolean {
  if (c <= SPACE) return c === SPACE || (c >= TAB && c <= CR);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

export interface ValueBuilder {
  /** Adds `text[from, to)`. */
  append(text: string, from: number, to: number): void;
  /** The value without what is held back (trailing whitespace, a raw value's last line break): what may be shown now, and the final value too. */
  readonly value: string;
}

/**
 * Committed pieces are collected in an array and joined only when the value is read: a write
 * that nobody reads allocates nothing, and a read costs only what arrived since the last one.
 */
abstract class PieceBuilder implements ValueBuilder {
  private joined = '';
  protected pieces: string[] = [];

  get value(): string {
    const pieces = this.pieces;
    // pop, not `length = 0`: setting the length is a call into the runtime, a pop is inlined
    if (pieces.length === 1) this.joined += pieces.pop()!;
    else if (pieces.length > 1) {
      this.joined += pieces.join('');
      pieces.length = 0;
    }
    return this.joined;
  }

  abstract append(text: string, from: number, to: number): void;
}

/** A {@link ValueBuilder} of text that also tells the whitespace it trimmed. */
export interface TextBuilder extends ValueBuilder {
  /** The whitespace skipped before the value. */
  readonly leading: string;
  /** The whitespace after the value, held until text follows it. */
  readonly trailing: string;
}

/** Trimmed on both sides: leading whitespace is skipped, trailing whitespace is held until text follows it. */
class TrimmedBuilder extends PieceBuilder implements TextBuilder {
  private started = false;
  private pendingWhitespace = '';
  leading = '';

  get trailing(): string {
    return this.pendingWhitespace;
  }

  append(text: string, from: number, to: number): void {
    if (!this.started) {
      const start = from;
      while (from < to && isWhitespace(text.charCodeAt(from))) from++;
      if (from > start) this.leading += text.slice(start, from);
      if (from >= to) return;
      this.started = true;
    }
    let end = to;
    while (end > from && isWhitespace(text.charCodeAt(end - 1))) end--;
    if (end > from) {
      // Stryker disable next-line StringLiteral: pushing an empty piece adds nothing to the value
      if (this.pendingWhitespace !== '') {
        this.pieces.push(this.pendingWhitespace);
        this.pendingWhitespace = '';
      }
      this.pieces.push(from === 0 && end === text.length ? text : text.slice(from, end));
    }
    if (end < to) this.pendingWhitespace += text.slice(end, to);
  }
}

/**
 * Raw values (file contents, diffs) keep every character but exactly one leading and one
 * trailing line break (`\r\n`, `\n` or `\r`). The last line break seen is held back: it is
 * shown only once more text follows, since it may be the one that gets dropped.
 */
class RawBuilder extends PieceBuilder {
  /** A held trailing line break. */
  private tail = '';
  /** 0: nothing seen yet, 1: a leading \r was dropped (a \n may follow), 2: past the start. */
  private lead = 0;

  append(text: string, from: number, to: number): void {
    if (this.lead !== 2) {
      if (this.lead === 0) {
        if (from >= to) return;
        const c = text.charCodeAt(from);
        if (c === LF) {
          from++;
          this.lead = 2;
        } else if (c === CR) {
          from++;
          this.lead = 1;
        } else this.lead = 2;
      }
      if (this.lead === 1) {
        if (from >= to) return;
        if (text.charCodeAt(from) === LF) from++;
        this.lead = 2;
      }
    }
    if (from >= to) return;
    const last = text.charCodeAt(to - 1);
    let bodyEnd = to;
    let newTail = '';
    let keepOldTail = true;
    if (last === LF) {
      if (to - 1 > from && text.charCodeAt(to - 2) === CR) {
        bodyEnd = to - 2;
        newTail = '\r\n';
      } else if (to - 1 === from && this.tail === '\r') {
        // "\r" then "\n" in separate appends: one line break
        bodyEnd = from;
        newTail = '\r\n';
        keepOldTail = false;
      } else {
        bodyEnd = to - 1;
        newTail = '\n';
      }
    } else if (last === CR) {
      bodyEnd = to - 1;
      newTail = '\r';
    }
    // Stryker disable next-line StringLiteral: pushing an empty tail adds nothing to the value
    if (keepOldTail && this.tail !== '') this.pieces.push(this.tail);
    if (bodyEnd > from) this.pieces.push(from === 0 && bodyEnd === text.length ? text : text.slice(from, bodyEnd));
    this.tail = newTail;
  }
}

export function createTrimmedBuilder(): TextBuilder {
  return new TrimmedBuilder();
}

export function createRawBuilder(): ValueBuilder {
  return new RawBuilder();
}
