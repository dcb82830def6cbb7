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

/** Whether `text` holds an escaped open tag of a tool (`&lt;read_file&gt;`) and no unescaped one. */
export function looksHtmlEscaped(text: string, hasTool: (name: string) => boolean): boolean {
  const m = /&lt;([A-Za-z_][\w.-]*)&gt;/g;
  for (let hit = m.exec(text); hit !== null; hit = m.exec(text)) if (hasTool(hit[1]!)) return true;
  return false;
}
