// A small reader of Python call syntax, for pythonic tool calls: `[name(a=1, b="x"), other()]`.
// Only literals (strings, numbers, True/False/None, lists, dicts, tuples) are accepted as values:
// anything else (a variable, an expression) means the text is not a call list.

import type { DecodedCall } from './recognizer.js';
import { paramString } from './call-values.js';

const FAIL = Symbol('not a literal');
type Parsed = unknown | typeof FAIL;

class Reader {
  i = 0;
  constructor(readonly text: string) {}

  skip(): void {
    while (this.i < this.text.length && /\s/.test(this.text[this.i]!)) this.i++;
  }

  eat(ch: string): boolean {
    this.skip();
    if (this.text[this.i] === ch) {
      this.i++;
      return true;
    }
    return false;
  }

  name(): string | undefined {
    this.skip();
    const m = /^[A-Za-z_][\w.]*/.exec(this.text.slice(this.i, this.i + 200));
    if (m === null) return undefined;
    this.i += m[0].length;
    return m[0];
  }

  string(): Parsed {
    const quote = this.text[this.i]!;
    const triple = this.text.startsWith(quote.repeat(3), this.i);
    const close = triple ? quote.repeat(3) : quote;
    this.i += close.length;
    let out = '';
    while (this.i < this.text.length) {
      if (this.text.startsWith(close, this.i)) {
        this.i += close.length;
        return out;
      }
      const c = this.text[this.i]!;
      if (c === '\\') {
        const e = this.text[this.i + 1];
        const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };
        if (e === undefined) return FAIL;
        out += map[e] ?? `\\${e}`;
        this.i += 2;
        continue;
      }
      if (!triple && c === '\n') return FAIL;
      out += c;
      this.i++;
    }
    return FAIL;
  }

  value(): Parsed {
    this.skip();
    const c = this.text[this.i];
    if (c === '"' || c === "'") return this.string();
    if (c === '[' || c === '(') {
      const close = c === '[' ? ']' : ')';
      this.i++;
      const out: unknown[] = [];
      if (this.eat(close)) return out;
      for (;;) {
        const v = this.value();
        if (v === FAIL) return FAIL;
        out.push(v);
        if (this.eat(close)) return out;
        if (!this.eat(',')) return FAIL;
        if (this.eat(close)) return out;
      }
    }
    if (c === '{') {
      this.i++;
      const out: Record<string, unknown> = {};
      if (this.eat('}')) return out;
      for (;;) {
        const k = this.value();
        if (k === FAIL || !this.eat(':')) return FAIL;
        const v = this.value();
        if (v === FAIL) return FAIL;
        out[String(k)] = v;
        if (this.eat('}')) return out;
        if (!this.eat(',')) return FAIL;
        if (this.eat('}')) return out;
      }
    }
    const m = /^(?:-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|True|False|None|true|false|null)/.exec(
      this.text.slice(this.i, this.i + 64),
    );
    if (m === null) return FAIL;
    this.i += m[0].length;
    const word = m[0];
    if (word === 'True' || word === 'true') return true;
    if (word === 'False' || word === 'false') return false;
    if (word === 'None' || word === 'null') return null;
    return Number(word);
  }

  /** `name(k=v, …)` */
  call(): DecodedCall | undefined {
    const name = this.name();
    if (name === undefined || !this.eat('(')) return undefined;
    const params: Record<string, string> = {};
    if (this.eat(')')) return { name, params };
    for (;;) {
      const key = this.name();
      if (key === undefined || !this.eat('=')) return undefined;
      const v = this.value();
      if (v === FAIL) return undefined;
      params[key] = paramString(v);
      if (this.eat(')')) return { name, params };
      if (!this.eat(',')) return undefined;
      if (this.eat(')')) return { name, params };
    }
  }
}

/** Calls of `[f(a=1), g(b="x")]` (brackets optional when `bare`), or undefined when `text` is anything else. */
export function readPythonCalls(text: string, bare = false): DecodedCall[] | undefined {
  const r = new Reader(text);
  const bracketed = r.eat('[');
  if (!bracketed && !bare) return undefined;
  const calls: DecodedCall[] = [];
  for (;;) {
    const call = r.call();
    if (call === undefined) return undefined;
    calls.push(call);
    if (bracketed && r.eat(']')) break;
    if (!r.eat(bracketed ? ',' : ';') && !bracketed) break;
  }
  r.skip();
  return r.i === text.length ? calls : undefined;
}

/** The one Python literal that is all of `text` (a dict, list, string, number, …), or undefined. */
export function readPythonValue(text: string): unknown {
  const r = new Reader(text);
  const value = r.value();
  if (value === FAIL) return undefined;
  r.skip();
  return r.i === text.length ? value : undefined;
}
