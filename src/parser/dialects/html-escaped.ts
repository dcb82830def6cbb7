// Cline's XML that arrived HTML-escaped as a whole (`&lt;read_file&gt;&lt;path&gt;a&lt;/path&gt;…`):
// some gateways and UIs escape the reply. It is unescaped exactly once, then read as Cline's XML.

const ENTITY = /&(lt|gt|amp|quot|apos|#39|#x27|#60|#62);/g;
const CHARS: Record<string, string> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
  '#39': "'",
  '#x27': "'",
  '#60': '<',
  '#62': '>',
};

/** `text` with the five XML entities (and their numeric forms) replaced once: `&amp;lt;` becomes `&lt;`, not `<`. */
export function unescapeOnce(text: string): string {
  return text.replace(ENTITY, (_, name: string) => CHARS[name]!);
}

/** Markup an escaped reply cannot hold: a raw tag, inline code, a fence or a blockquote (the escaped text is then an example in prose). */
const UNESCAPED_MARKUP = /[<`]|~~~|^ {0,3}>/m;
/** What may stand before a tool's escaped open tag on its line: a little indent, no quote marker. */
const LINE_LEAD = /^[ ]{0,3}$/;

/**
 * Whether `text` is Cline's XML escaped as a whole: it holds an escaped open tag of a tool
 * (`&lt;read_file&gt;`), every such tag begins a line (one in the middle of a sentence, indented
 * as code or quoted is an example), and no unescaped markup (a tag, inline code, a fence, a blockquote).
 */
export function looksHtmlEscaped(text: string, hasTool: (name: string) => boolean): boolean {
  if (UNESCAPED_MARKUP.test(text)) return false;
  const m = /&lt;([A-Za-z_][\w.-]*)&gt;/g;
  let found = false;
  for (let hit = m.exec(text); hit !== null; hit = m.exec(text)) {
    if (!hasTool(hit[1]!)) continue;
    const lineStart = text.lastIndexOf('\n', hit.index) + 1;
    if (!LINE_LEAD.test(text.slice(lineStart, hit.index))) return false;
    found = true;
  }
  return found;
}
