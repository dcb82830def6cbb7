// The check every issue-35 example goes through: the same blocks one-shot and when the stream is
// cut in two anywhere, and no snapshot while streaming holds a complete call the end does not.
import { expect } from 'vitest';
import {
  createStreamParser,
  parseAssistantMessage,
  type AssistantMessageContent,
} from '../../../../src/parser/index.js';
import type { ParseOptions } from '../../../../src/parser/options.js';

/** Complete calls as [name, params, dialect]. */
export function completeCalls(blocks: AssistantMessageContent[]): [string, Record<string, string>, string][] {
  return blocks.flatMap((b) =>
    b.type === 'tool_use' && !b.partial
      ? [[b.name, b.params, b.dialect ?? 'cline'] as [string, Record<string, string>, string]]
      : [],
  );
}

/** Text blocks' contents. */
export function proseOf(blocks: AssistantMessageContent[]): string[] {
  return blocks.flatMap((b) => (b.type === 'text' ? [b.content] : []));
}

/** Parses `text` one-shot (final) and at every cut; returns the one-shot blocks. */
export function atEveryCut(text: string, options: Omit<ParseOptions, 'final'>): AssistantMessageContent[] {
  const { finishReason, ...streamOptions } = options;
  const whole = parseAssistantMessage(text, { ...options, final: true });
  const wholeCalls = completeCalls(whole);
  for (let cut = 0; cut <= text.length; cut++) {
    const parser = createStreamParser(streamOptions);
    const head = parser.push(text.slice(0, cut));
    expect(head, `snapshot at ${cut}`).toEqual(parseAssistantMessage(text.slice(0, cut), streamOptions));
    for (const call of completeCalls(head)) expect(wholeCalls, `a call at cut ${cut}`).toContainEqual(call);
    parser.push(text.slice(cut));
    expect(parser.end(finishReason === undefined ? undefined : { finishReason }), `cut at ${cut}`).toEqual(whole);
  }
  return whole;
}
