import { describe, expect, it } from 'vitest';
import { readChatCompletion } from '../../../src/wire/read-chat-completion.js';

const completion = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: 'x',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
  ...extra,
});

describe('readChatCompletion', () => {
  it('normalizes each reasoning convention like the stream', () => {
    expect(readChatCompletion(completion({ content: 'a' })).reasoning).toBe('');
    expect(readChatCompletion(completion({ reasoning_content: 'r', content: 'a' })).reasoning).toBe('r');
    expect(readChatCompletion(completion({ reasoning_content: null, reasoning: 'g', content: 'a' })).reasoning).toBe(
      'g',
    );
    expect(readChatCompletion(completion({ reasoning_content: '', content: null })).content).toBe('');
  });

  it('accepts the body as text, keeps inline <think> in content for the parser', () => {
    const result = readChatCompletion(JSON.stringify(completion({ content: '<think>x</think>{"a":1}' })));
    expect(result).toEqual({ reasoning: '', content: '<think>x</think>{"a":1}', toolCalls: [], finishReason: 'stop' });
  });

  it('tokens-only usage', () => {
    const result = readChatCompletion(
      completion(
        { content: '2' },
        { usage: { prompt_tokens: 9, completion_tokens: 200, completion_tokens_details: { reasoning_tokens: 199 } } },
      ),
    );
    expect(result.usage).toEqual({ promptTokens: 9, completionTokens: 200, totalTokens: 209, reasoningTokens: 199 });
  });

  it('tool calls in index order, arguments given as an object are JSON-encoded', () => {
    const result = readChatCompletion(
      completion({
        content: null,
        tool_calls: [
          { index: 1, id: 'b', type: 'function', function: { name: 'g', arguments: '{}' } },
          { index: 0, id: 'a', type: 'function', function: { name: 'f', arguments: { x: 1 } } },
        ],
      }),
    );
    expect(result.toolCalls.map((c) => [c.id, c.function.name, c.function.arguments])).toEqual([
      ['a', 'f', '{"x":1}'],
      ['b', 'g', '{}'],
    ]);
  });

  it('typed errors: provider error object, no choices, not JSON', () => {
    expect(() => readChatCompletion({ error: { message: 'nope', code: 'invalid_request_error' } })).toThrow(
      expect.objectContaining({
        code: 'provider-error',
        providerMessage: 'nope',
        providerCode: 'invalid_request_error',
      }),
    );
    expect(() => readChatCompletion({ object: 'chat.completion' })).toThrow(
      expect.objectContaining({ code: 'malformed-chunk' }),
    );
    expect(() => readChatCompletion('<html>')).toThrow(expect.objectContaining({ code: 'malformed-chunk' }));
  });
});

describe('readChatCompletion: servers that number every call 0', () => {
  it('a different id at a used index is another call', () => {
    const result = readChatCompletion(
      completion({
        content: null,
        tool_calls: [
          { index: 0, id: 'a', type: 'function', function: { name: 'f', arguments: '{"x":1}' } },
          { index: 0, id: 'b', type: 'function', function: { name: 'g', arguments: '{"y":2}' } },
        ],
      }),
    );
    expect(result.toolCalls.map((c) => [c.id, c.function.name, c.function.arguments])).toEqual([
      ['a', 'f', '{"x":1}'],
      ['b', 'g', '{"y":2}'],
    ]);
  });
});
