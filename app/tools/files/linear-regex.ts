// Regular expressions a model gives (search_files' regex, file_pattern globs) matched in time
// linear in the text: RE2's automata (the pure-JavaScript port re2js, so the same code runs in
// Node and in the web page), never a backtracking engine that `(a+)+$` can stall for hours.
import { RE2JS } from 're2js';

/** A compiled pattern: `test` takes time linear in the text, whatever the pattern. */
export interface LinearRegex {
  /** The pattern as given (JavaScript syntax). */
  readonly source: string;
  /** Whether the pattern matches anywhere in `text`. */
  test(text: string): boolean;
}

/**
 * Compiles a JavaScript-syntax pattern (no flags) with RE2. What RE2 cannot match in linear
 * time — lookaround and backreferences — and malformed patterns come back as a message.
 */
export function compileLinearRegex(source: string): { ok: true; regex: LinearRegex } | { ok: false; message: string } {
  try {
    const compiled = RE2JS.compile(RE2JS.translateRegExp(source));
    return { ok: true, regex: { source, test: (text) => compiled.test(text) } };
  } catch (error) {
    const message = (error as Error).message.replace(/^error parsing regexp: /, '');
    const unsupported = /\(\?[=!<]|\\[1-9]/.test(source)
      ? ' (lookaround and backreferences are not supported: matching runs in linear time)'
      : '';
    return { ok: false, message: `${message}${unsupported}` };
  }
}
