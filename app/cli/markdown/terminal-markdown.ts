// Finished Markdown as a terminal shows it: headings, emphasis, lists, inline code, fenced code
// with syntax colours, tables and links — by `marked` with `marked-terminal` (code through
// `cli-highlight`). The colours are the CLI's own escape codes (not chalk's guess about the
// terminal): the caller decides, as for the rest of the screen. Text from the model is made
// printable first, so an escape sequence it wrote shows as ␛, never runs.
import { Marked } from 'marked';
import { highlight, supportsLanguage } from 'cli-highlight';
import { markedTerminal } from 'marked-terminal';
import { printable, type Style } from '../display/ansi-style.js';
import { codeTheme } from '../display/code-colours.js';

/** Renders one piece of finished Markdown (whole blocks) for a terminal; `style` must be enabled. */
export type MarkdownRenderer = (source: string) => string;

const blue = (t: string) => (t === '' ? '' : `\x1b[34m${t}\x1b[39m`);
const underline = (t: string) => (t === '' ? '' : `\x1b[4m${t}\x1b[24m`);
const gray = (t: string) => (t === '' ? '' : `\x1b[90m${t}\x1b[39m`);

/** A renderer of finished Markdown blocks with the CLI's colours. */
export function createMarkdownRenderer(style: Style): MarkdownRenderer {
  const heading = (t: string) => style.bold(style.magenta(t));
  const theme = codeTheme(style);
  const marked = new Marked(
    markedTerminal(
      {
        // The renderer wraps to the terminal's width itself (screen-fit.ts).
        reflowText: false,
        showSectionPrefix: false,
        tab: 2,
        emoji: false,
        code: (t: string) => t,
        codespan: style.yellow,
        blockquote: (t: string) => style.dim(style.italic(t)),
        html: (t: string) => style.dim(t),
        heading,
        firstHeading: heading,
        hr: gray,
        listitem: (t: string) => t,
        table: (t: string) => t,
        paragraph: (t: string) => t,
        strong: style.bold,
        em: style.italic,
        del: style.dim,
        link: blue,
        href: (t: string) => blue(underline(t)),
      } as never,
      { theme, ignoreIllegals: true } as never,
    ) as never,
  );
  // Fenced code in the file's language, coloured here: marked-terminal would leave it plain
  // whenever chalk thinks the output is no terminal, and the CLI has already decided it is.
  marked.use({
    renderer: {
      // A list item's text comes as a text token holding inline tokens (bold, code, links):
      // marked-terminal prints its raw source, so they are rendered here; plain text falls through.
      text(this: { parser: { parseInline(tokens: unknown[]): string } }, token: { tokens?: unknown[] }) {
        return typeof token === 'object' && Array.isArray(token.tokens) && token.tokens.length > 0
          ? this.parser.parseInline(token.tokens)
          : false;
      },
      code({ text, lang }: { text: string; lang?: string }) {
        const language = (lang ?? '').split(/\s/)[0] ?? '';
        let body = text;
        if (language !== '' && supportsLanguage(language)) {
          try {
            body = highlight(text, { language, theme, ignoreIllegals: true });
          } catch {
            body = text;
          }
        }
        return `${body
          .split('\n')
          .map((line) => `  ${line}`)
          .join('\n')}\n\n`;
      },
    },
  } as never);
  return (source) => {
    const out = marked.parse(printable(source), { async: false }) as string;
    // marked-terminal resets colours with \x1b[0m around blocks and ends with blank lines.
    return out.replaceAll('\x1b[0m', '').replace(/\n+$/, '\n');
  };
}
