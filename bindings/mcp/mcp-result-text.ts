// What an MCP tool result or resource read becomes for the model: text as it is, an image or audio
// clip as a short description (the model cannot see it through a text tool result), resources by
// their text or a line about their bytes; capped like the built-in tools' output.

/** The most characters of one MCP result the model gets (like execute_command's 64 KiB). */
export const DEFAULT_MCP_RESULT_MAX_CHARS = 64 * 1024;

type Block = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Bytes a base64 text stands for. */
function base64Bytes(data: string): number {
  const clean = data.replace(/\s+/g, '');
  const pad = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - pad);
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** One resource's contents (`{ uri, mimeType?, text }` or `{ uri, mimeType?, blob }`) as text. */
export function resourceContentsText(contents: Block): string {
  const uri = str(contents.uri) ?? '(no uri)';
  const mime = str(contents.mimeType);
  const text = str(contents.text);
  if (text !== undefined) return `[resource ${uri}${mime ? ` (${mime})` : ''}]\n${text}`;
  const blob = str(contents.blob);
  if (blob !== undefined) return `[resource ${uri}: ${mime ?? 'binary'}, ${size(base64Bytes(blob))}, not shown]`;
  return `[resource ${uri}: no contents]`;
}

/** One content block of a tool result as text. */
export function contentBlockText(block: Block): string {
  switch (block.type) {
    case 'text':
      return str(block.text) ?? '';
    case 'image':
    case 'audio': {
      const data = str(block.data) ?? '';
      return `[${block.type}: ${str(block.mimeType) ?? 'unknown type'}, ${size(base64Bytes(data))}, not shown]`;
    }
    case 'resource':
      return block.resource !== null && typeof block.resource === 'object'
        ? resourceContentsText(block.resource as Block)
        : '[resource: no contents]';
    case 'resource_link': {
      const name = str(block.name);
      const description = str(block.description);
      return `[resource link: ${str(block.uri) ?? '(no uri)'}${name ? ` "${name}"` : ''}${description ? ` — ${description}` : ''}]`;
    }
    default:
      return `[${String(block.type)} content, not shown]`;
  }
}

/** `text` cut to `maxChars`, with a note saying how much was left out. */
export function capText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const kept = text.slice(0, maxChars);
  return `${kept}\n[… ${text.length - maxChars} more characters not shown: the result was longer than ${maxChars}]`;
}

/**
 * A `tools/call` result as a tool result: its content blocks one after another (structured
 * content as JSON when there are none), `isError` kept, within `maxChars`.
 */
export function callResultText(
  result: { content?: unknown; structuredContent?: unknown; isError?: unknown },
  maxChars = DEFAULT_MCP_RESULT_MAX_CHARS,
): { content: string; isError: boolean } {
  const blocks = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  const parts = blocks
    .filter((b): b is Block => b !== null && typeof b === 'object')
    .map(contentBlockText)
    .filter((t) => t !== '');
  if (parts.length === 0 && result.structuredContent !== undefined)
    parts.push(JSON.stringify(result.structuredContent, null, 2));
  const text = parts.length === 0 ? '(the tool returned no content)' : parts.join('\n\n');
  return { content: capText(text, maxChars), isError: result.isError === true };
}

/** A `resources/read` result as a tool result, within `maxChars`. */
export function readResultText(result: { contents?: unknown }, maxChars = DEFAULT_MCP_RESULT_MAX_CHARS): string {
  const contents = Array.isArray(result.contents) ? (result.contents as unknown[]) : [];
  const parts = contents.filter((c): c is Block => c !== null && typeof c === 'object').map(resourceContentsText);
  return capText(parts.length === 0 ? '(the resource has no contents)' : parts.join('\n\n'), maxChars);
}
