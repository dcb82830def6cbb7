// Source code in its language's colours for the terminal, by `cli-highlight` (highlight.js), in
// the CLI's own escape codes: the theme the Markdown code blocks and the diffs share.
import { highlight, supportsLanguage } from 'cli-highlight';
import type { Style } from './ansi-style.js';

const blue = (t: string) => (t === '' ? '' : `\x1b[34m${t}\x1b[39m`);
const gray = (t: string) => (t === '' ? '' : `\x1b[90m${t}\x1b[39m`);

/** The colours of each kind of token (highlight.js's class names), foreground only. */
export function codeTheme(style: Style): Record<string, (text: string) => string> {
  return {
    keyword: blue,
    built_in: style.cyan,
    type: style.cyan,
    literal: blue,
    number: style.green,
    string: style.green,
    regexp: style.red,
    comment: gray,
    function: style.yellow,
    title: style.yellow,
    attr: style.cyan,
    meta: gray,
    tag: gray,
    name: blue,
  };
}

/** File names highlight.js knows by name rather than by extension. */
const BY_NAME: Record<string, string> = { makefile: 'makefile', dockerfile: 'dockerfile', cmakelists: 'cmake' };

/**
 * The highlight.js language of a file, from its extension (`a.ts` → `ts`) or its name
 * (`Makefile`); undefined when highlight.js knows neither.
 *
 * @example
 * languageOfPath('src/index.ts'); // 'ts'
 */
export function languageOfPath(path: string): string | undefined {
  const name = path.split(/[\\/]/).at(-1)?.toLowerCase() ?? '';
  const dot = name.lastIndexOf('.');
  const candidate = dot > 0 ? name.slice(dot + 1) : BY_NAME[name.replace(/\.txt$/, '')];
  return candidate && supportsLanguage(candidate) ? candidate : undefined;
}

/**
 * `code` in `language`'s colours when `style` is enabled and the language is known; unchanged
 * otherwise. `code` must already be printable (no escape sequences of its own).
 */
export function highlightCode(code: string, language: string | undefined, style: Style): string {
  if (!style.enabled || language === undefined) return code;
  try {
    return highlight(code, { language, theme: codeTheme(style), ignoreIllegals: true });
  } catch {
    return code;
  }
}
