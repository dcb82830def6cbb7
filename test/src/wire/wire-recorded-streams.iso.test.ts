// The Anthropic Messages and Responses readers on streams that follow the providers' published
// event sequences (test/support/recorded/), whole and cut at random byte boundaries: the same
// normalized events as a Chat Completions stream, thinking blocks and reasoning items kept whole
// for the history, usage and stop reasons mapped, faults as ChatErrors after what came before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatWire } from '../../../src/wire/chat-wire.js';
import { ChatError } from '../../../src/wire/errors.js';
import { readChatCompletionStream } from '../../../src/wire/read-chat-completion-stream.js';
import type { ChatStreamEvent } from '../../../src/wire/types.js';
import {
  ANTHROPIC_MAX_TOKENS_IN_TOOL,
  ANTHROPIC_OVERLOADED_MID_STREAM,
  ANTHROPIC_REDACTED,
  ANTHROPIC_REDACTED_DATA,
  ANTHROPIC_SIGNATURE,
  ANTHROPIC_THINKING,
  ANTHROPIC_THINKING_TOOLS,
} from '../../support/recorded/anthropic-streams.js';
import {
  RESPONSES_ERROR_MID_STREAM,
  RESPONSES_MAX_TOKENS_IN_CALL,
  RESPONSES_REASONING_ITEM,
  RESPONSES_REASONING_TOOLS,
} from '../../support/recorded/responses-streams.js';
import { byteStream, collect, encoder, summarize } from '../../support/wire-fixtures.js';

function readWire(body: string, wire: ChatWire, cuts: number[] = []) {
  return collect(readChatCompletionStream(byteStream(encoder.encode(body), cuts), { wire }));
}

function details(events: ChatStreamEvent[]): unknown[] {
  return events.flatMap((e) => (e.type === 'reasoning-details' ? e.details : []));
}

const cutsOf = (body: string) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: encoder.encode(body).length - 1 }), { maxLength: 40 })
    .map((cuts) => cuts.sort((a, b) => a - b));

describe('Anthropic Messages streams', () => {
  it('reads thinking (signature kept whole), text and two tool_use blocks', async () => {
    const { events, error } = await readWire(ANTHROPIC_THINKING_TOOLS, 'anthropic-messages');
    expect(error).toBeUndefined();
    expect(summarize(events)).toEqual({
      reasoning: ANTHROPIC_THINKING,
      text: 'Reading a.ts, then writing b.ts.',
      tools: {
        0: { id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'read_file', args: '{"path": "a.ts"}' },
        1: {
          id: 'toolu_01QjZbLh4pKkq9v2dXeZ3b7R',
          name: 'write_to_file',
          args: '{"path": "b.ts", "content": "x = 1\\n"}',
        },
      },
      usage: [{ promptTokens: 2520, completionTokens: 89, totalTokens: 2609, cachedTokens: 2048 }],
      finish: ['tool_calls'],
    });
    expect(details(events)).toEqual([
      { type: 'thinking', thinking: ANTHROPIC_THINKING, signature: ANTHROPIC_SIGNATURE },
    ]);
  });

  it('gives the same events at any chunk boundaries', async () => {
    const whole = await readWire(ANTHROPIC_THINKING_TOOLS, 'anthropic-messages');
    await fc.assert(
      fc.asyncProperty(cutsOf(ANTHROPIC_THINKING_TOOLS), async (cuts) => {
        const cut = await readWire(ANTHROPIC_THINKING_TOOLS, 'anthropic-messages', cuts);
        expect(cut.error).toBeUndefined();
        expect(summarize(cut.events)).toEqual(summarize(whole.events));
        expect(details(cut.events)).toEqual(details(whole.events));
      }),
      { numRuns: 60 },
    );
  });

  it('keeps a redacted_thinking block as it came, and maps end_turn to stop', async () => {
    const { events, error } = await readWire(ANTHROPIC_REDACTED, 'anthropic-messages');
    expect(error).toBeUndefined();
    expect(details(events)).toEqual([{ type: 'redacted_thinking', data: ANTHROPIC_REDACTED_DATA }]);
    expect(summarize(events)).toMatchObject({ text: 'Done.', reasoning: '', finish: ['stop'] });
  });

  it('throws an overloaded_error mid-stream as a retryable provider-error, after the text before it', async () => {
    const { events, error } = await readWire(ANTHROPIC_OVERLOADED_MID_STREAM, 'anthropic-messages');
    expect(summarize(events).text).toBe('Let me look at');
    expect(error).toBeInstanceOf(ChatError);
    expect(error).toMatchObject({ code: 'provider-error', retryable: true, providerCode: 'overloaded_error' });
    expect((error as ChatError).providerMessage).toBe('Overloaded');
  });

  it('maps max_tokens inside a tool_use block to finish length, the call cut off as it came', async () => {
    const { events, error } = await readWire(ANTHROPIC_MAX_TOKENS_IN_TOOL, 'anthropic-messages');
    expect(error).toBeUndefined();
    expect(summarize(events)).toMatchObject({
      tools: { 0: { name: 'write_to_file', args: '{"path": "big.ts", "content": "line 1\\nline' } },
      finish: ['length'],
    });
  });

  it('ends a stream cut before message_delta as truncated', async () => {
    const cut = ANTHROPIC_THINKING_TOOLS.slice(0, ANTHROPIC_THINKING_TOOLS.indexOf('event: message_delta'));
    const { error } = await readWire(cut, 'anthropic-messages');
    expect(error).toMatchObject({ code: 'truncated', retryable: true });
  });
});

describe('Responses streams', () => {
  it('reads the reasoning summary, the item whole (encrypted_content intact), text and two calls', async () => {
    const { events, error } = await readWire(RESPONSES_REASONING_TOOLS, 'responses');
    expect(error).toBeUndefined();
    expect(summarize(events)).toEqual({
      reasoning: '**Reading then writing**\n\nRead a.ts, write b.ts — é🙂.',
      text: 'Reading a.ts, then writing b.ts.',
      tools: {
        0: { id: 'call_Xk2pRz7QeVw9LmT3aB0cD4fG', name: 'read_file', args: '{"path":"a.ts"}' },
        1: { id: 'call_Yp4sTu8RfWx0MnU5bC1dE6gH', name: 'write_to_file', args: '{"path":"b.ts","content":"x = 1\\n"}' },
      },
      usage: [{ promptTokens: 812, completionTokens: 164, totalTokens: 976, reasoningTokens: 96, cachedTokens: 768 }],
      finish: ['tool_calls'],
    });
    expect(details(events)).toEqual([RESPONSES_REASONING_ITEM]);
    expect(JSON.stringify(details(events)[0])).toBe(JSON.stringify(RESPONSES_REASONING_ITEM));
  });

  it('gives the same events at any chunk boundaries', async () => {
    const whole = await readWire(RESPONSES_REASONING_TOOLS, 'responses');
    await fc.assert(
      fc.asyncProperty(cutsOf(RESPONSES_REASONING_TOOLS), async (cuts) => {
        const cut = await readWire(RESPONSES_REASONING_TOOLS, 'responses', cuts);
        expect(cut.error).toBeUndefined();
        expect(summarize(cut.events)).toEqual(summarize(whole.events));
        expect(details(cut.events)).toEqual(details(whole.events));
      }),
      { numRuns: 60 },
    );
  });

  it('throws an error event mid-stream as a retryable provider-error, after the text before it', async () => {
    const { events, error } = await readWire(RESPONSES_ERROR_MID_STREAM, 'responses');
    expect(summarize(events).text).toBe('Let me look at');
    expect(error).toMatchObject({ code: 'provider-error', retryable: true, providerCode: 'server_error' });
  });

  it('maps response.incomplete (max_output_tokens) inside a call to finish length', async () => {
    const { events, error } = await readWire(RESPONSES_MAX_TOKENS_IN_CALL, 'responses');
    expect(error).toBeUndefined();
    expect(summarize(events)).toMatchObject({
      tools: { 0: { name: 'write_to_file', args: '{"path":"big.ts","content":"line 1\\nline' } },
      finish: ['length'],
    });
  });

  it('ends a stream cut before response.completed as truncated', async () => {
    const cut = RESPONSES_REASONING_TOOLS.slice(0, RESPONSES_REASONING_TOOLS.indexOf('event: response.completed'));
    const { error } = await readWire(cut, 'responses');
    expect(error).toMatchObject({ code: 'truncated' });
  });
});
