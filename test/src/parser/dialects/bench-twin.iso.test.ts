// The cost benchmark's yardstick (bench/dialect-parser.bench.ts): the Cline XML twin of a reply
// dense with other dialects' calls must hold the same blocks, or the ratio compares unequal work.
import { describe, expect, it } from 'vitest';
import { parseAssistantMessage, withDialects, type AssistantMessageContent } from '../../../../src/parser/index.js';
import { clineThinkProtocol } from '../../../../src/protocol/index.js';
import { dialectReplies, FAMILIES } from '../../../../bench/dialect-replies.js';

/** A block without what only says where it came from (its id, its dialect). */
function content(block: AssistantMessageContent): unknown {
  if (block.type !== 'tool_use') return block;
  const { call_id: _id, dialect: _dialect, ...rest } = block;
  return rest;
}

describe("the dialect benchmark's Cline twin", () => {
  const all = withDialects(clineThinkProtocol, 'all');

  it('parses to the same text, reasoning and calls as the dialect reply, every call read', () => {
    const replies = dialectReplies(64 * 1024);
    const dialect = parseAssistantMessage(replies.dialect, { protocol: all, final: true });
    const twin = parseAssistantMessage(replies.cline, { protocol: clineThinkProtocol, final: true });
    expect(dialect.map(content)).toEqual(twin.map(content));
    const calls = dialect.filter((b) => b.type === 'tool_use' && !b.partial);
    expect(calls).toHaveLength(replies.calls);
    expect(new Set(calls.map((b) => (b.type === 'tool_use' ? b.dialect : '')))).toEqual(
      new Set(['hermes', 'qwen3-coder', 'glm', 'kimi', 'deepseek', 'harmony', 'anthropic']),
    );
    expect(dialect.some((b) => b.type === 'reasoning')).toBe(true);
  });

  it.each(FAMILIES)('holds the same blocks for a reply in one family: %s', (family) => {
    const replies = dialectReplies(16 * 1024, family);
    const dialect = parseAssistantMessage(replies.dialect, { protocol: all, final: true });
    const twin = parseAssistantMessage(replies.cline, { protocol: clineThinkProtocol, final: true });
    expect(dialect.map(content)).toEqual(twin.map(content));
    const calls = dialect.filter((b) => b.type === 'tool_use' && !b.partial);
    expect(calls).toHaveLength(replies.calls);
    expect(new Set(calls.map((b) => (b.type === 'tool_use' ? b.dialect : '')))).toEqual(
      // DSML is DeepSeek's markup: its calls carry DeepSeek's label
      new Set([family === 'dsml' ? 'deepseek' : family]),
    );
  });
});
