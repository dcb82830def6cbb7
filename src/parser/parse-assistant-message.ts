import type { AssistantMessageContent } from './blocks.js';
import type { ParseOptions } from './options.js';
import { createStreamParser } from './stream-parser.js';

/**
 * Pure snapshot of `text`: the stream parser fed the whole text at once, so both forms are one
 * algorithm and cannot drift apart.
 */
export function parseAssistantMessage(text: string, options: ParseOptions = {}): AssistantMessageContent[] {
  const parser = createStreamParser(options);
  // the pure form never throws: whatever it is given is read as text
  if (typeof text !== 'string') text = text === undefined || text === null ? '' : String(text);
  const blocks = parser.push(text);
  return options.final ? parser.end() : blocks;
}
