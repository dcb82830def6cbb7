import type { AssistantMessageContent } from './blocks.js';
import type { ParseOptions } from './options.js';
import { createStreamParser } from './stream-parser.js';

/**
 * The blocks of `text`, a reply so far: text, reasoning and tool uses, in order. A pure snapshot:
 * the stream parser fed the whole text at once, so both forms are one algorithm and cannot drift
 * apart. While streaming, a tail that may still become a tag (`Hello <read_fi`) is held back and
 * an unclosed tool use is `partial`; pass `final: true` when `text` is the whole message. Never
 * throws: anything that is not a string is read as text.
 *
 * @example
 * ```ts
 * import { parseAssistantMessage } from 'agent-turn';
 *
 * parseAssistantMessage('Let me look. <read_file><path>src/a.ts</path></read_file>', { final: true });
 * // [ { type: 'text', content: 'Let me look.', partial: false },
 * //   { type: 'tool_use', name: 'read_file', params: { path: 'src/a.ts' }, partial: false, call_id: 'call_13' } ]
 * ```
 */
export function parseAssistantMessage(text: string, options: ParseOptions = {}): AssistantMessageContent[] {
  const parser = createStreamParser(options);
  // the pure form never throws: whatever it is given is read as text
  const blocks = parser.push(text === undefined || text === null ? '' : String(text));
  return options.final ? parser.end() : blocks;
}
