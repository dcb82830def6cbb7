import type { AssistantMessageContent } from './blocks.js';
import type { ParseOptions } from './options.js';
import { ParserError, describeValue } from './parser-error.js';
import { createStreamParser } from './stream-parser.js';

/**
 * The blocks of `text`, a reply so far: text, reasoning and tool uses, in order. A pure snapshot:
 * the stream parser fed the whole text at once, so both forms are one algorithm and cannot drift
 * apart. While streaming, a tail that may still become a tag (`Hello <read_fi`) is held back and
 * an unclosed tool use is `partial`; pass `final: true` when `text` is the whole message. Any
 * string parses, in linear time; a value that is not a string (undefined, a number) is a
 * ParserError (`code: 'invalid-chunk'`) saying what it got.
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
  // Any string parses (linear time, never an error); anything else is a caller's mistake, said at once.
  if (typeof text !== 'string')
    throw new ParserError(
      'invalid-chunk',
      `parseAssistantMessage: expected the reply's text as a string, got ${describeValue(text)}`,
    );
  const { final, finishReason, ...streamOptions } = options;
  const parser = createStreamParser(streamOptions);
  if (!final) return parser.push(text);
  // no answer before the final one: it would be built only to be thrown away
  parser.write(text);
  return parser.end({ finishReason });
}
