// The context window's pure parts: budgets, sizes, Cline's truncation and the providers' wordings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChatError } from '../../../src/wire/errors.js';
import type { ChatMessage } from '../../../src/wire/types.js';
import {
  HISTORY_TRUNCATED_NOTE,
  estimateMessageTokens,
  estimatePromptTokens,
  isContextLengthError,
  promptBudget,
  promptSize,
  truncateHistory,
} from '../../../src/window/index.js';
import {
  contextLimitsFor,
  MEASURED_MODEL_IDS,
  profileFor,
  registerModelProfile,
  ModelProfileError,
} from '../../../src/profiles/index.js';

describe('budget and size', () => {
  it('keeps room for the reply: max_tokens when sent, else the output limit capped at a quarter of the window', () => {
    expect(promptBudget({ contextWindow: 200_000, maxOutputTokens: 64_000 }, undefined)).toBe(150_000);
    expect(promptBudget({ contextWindow: 200_000, maxOutputTokens: 8_000 }, undefined)).toBe(192_000);
    expect(promptBudget({ contextWindow: 200_000, maxOutputTokens: 64_000 }, 1000)).toBe(199_000);
  });

  it("starts from the provider's count and adds (or takes off) the estimate of what changed", () => {
    expect(promptSize(500, undefined)).toEqual({ tokens: 500, estimated: true });
    expect(promptSize(500, { promptTokens: 640, estimate: 500 })).toEqual({ tokens: 640, estimated: false });
    expect(promptSize(620, { promptTokens: 640, estimate: 500 })).toEqual({ tokens: 760, estimated: true });
    expect(promptSize(300, { promptTokens: 640, estimate: 500 })).toEqual({ tokens: 440, estimated: true });
  });

  it('every measured model has its published window and reply limit; unknown models get the default', () => {
    for (const id of MEASURED_MODEL_IDS) {
      const p = profileFor(id);
      expect(p.contextWindow).toBeGreaterThanOrEqual(200_000);
      expect(p.maxOutputTokens).toBeLessThan(p.contextWindow!);
    }
    expect(contextLimitsFor('claude-haiku-4-5-20251001')).toEqual({ contextWindow: 200_000, maxOutputTokens: 64_000 });
    expect(contextLimitsFor('some-local-model')).toEqual({ contextWindow: 128_000, maxOutputTokens: 8_192 });
    expect(() => registerModelProfile({ ...profileFor('gpt-4.1-mini'), id: 'bad-window', contextWindow: 0 })).toThrow(
      ModelProfileError,
    );
    expect(() =>
      registerModelProfile({
        ...profileFor('gpt-4.1-mini'),
        id: 'bad-window',
        contextWindow: 100,
        maxOutputTokens: 100,
      }),
    ).toThrow(/smaller/);
  });
});

const system: ChatMessage = { role: 'system', content: 'You are an agent.' };
const task: ChatMessage = { role: 'user', content: 'The task.' };

/** An exchange: a tag-protocol reply and its result, or a native reply with its calls' results (and maybe a note). */
const exchangeArb = fc.record({
  native: fc.boolean(),
  calls: fc.integer({ min: 1, max: 3 }),
  size: fc.integer({ min: 1, max: 400 }),
  note: fc.boolean(),
});

function build(exchanges: Array<{ native: boolean; calls: number; size: number; note: boolean }>): ChatMessage[] {
  const messages: ChatMessage[] = [system, task];
  exchanges.forEach((e, i) => {
    if (e.native) {
      const ids = Array.from({ length: e.calls }, (_, k) => `c${i}_${k}`);
      messages.push({
        role: 'assistant',
        content: null,
        tool_calls: ids.map((id) => ({ id, type: 'function', function: { name: 'read_file', arguments: '{}' } })),
      });
      for (const id of ids) messages.push({ role: 'tool', tool_call_id: id, content: 'x'.repeat(e.size) });
      if (e.note) messages.push({ role: 'user', content: '[a note]' });
    } else {
      messages.push(
        { role: 'assistant', content: `reply ${i}` },
        { role: 'user', content: `[read_file for 'f${i}'] Result:\n${'y'.repeat(e.size)}` },
      );
    }
  });
  return messages;
}

describe('truncateHistory', () => {
  it('keeps the system message and the task, drops the oldest whole exchanges, says so once, and fits when it can', () => {
    fc.assert(
      fc.property(
        fc.array(exchangeArb, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 50, max: 3000 }),
        (exchanges, target) => {
          const messages = build(exchanges);
          const size = estimatePromptTokens(messages);
          const cut = truncateHistory(messages, size, target);
          const kept = cut.messages;
          expect(kept[0]).toBe(system);
          expect(kept[1]).toBe(task);
          if (size <= target) {
            expect(kept).toEqual(messages);
            return;
          }
          // The newest exchange is always there, whole.
          const lastAssistant = messages.map((m) => m.role).lastIndexOf('assistant');
          expect(kept.slice(-(messages.length - lastAssistant))).toEqual(messages.slice(lastAssistant));
          // A suffix of the history follows the head (and the note, once, when anything was dropped).
          const rest = kept.slice(cut.dropped > 0 ? 3 : 2);
          expect(messages.slice(messages.length - rest.length)).toEqual(rest);
          expect(kept.filter((m) => m.content === HISTORY_TRUNCATED_NOTE)).toHaveLength(cut.dropped > 0 ? 1 : 0);
          expect(cut.dropped).toBe(messages.length - 2 - rest.length);
          // No tool result without its call, and the cut is at an assistant message.
          const ids = new Set(kept.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id)));
          for (const m of kept) if (m.role === 'tool') expect(ids.has(m.tool_call_id!)).toBe(true);
          if (rest.length > 0) expect(rest[0].role).toBe('assistant');
          // It fits, unless only the newest exchange is left.
          const after = estimatePromptTokens(kept);
          expect(after).toBe(size - cut.removedTokens);
          if (after > target) expect(rest.length).toBe(messages.length - lastAssistant);
          // Cutting again keeps the single note.
          const again = truncateHistory(kept, after, Math.floor(after / 2));
          expect(again.messages.filter((m) => m.content === HISTORY_TRUNCATED_NOTE).length).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts a message by its JSON, plus a small overhead', () => {
    expect(estimateMessageTokens({ role: 'user', content: 'x'.repeat(400) })).toBeGreaterThan(100);
  });
});

describe('isContextLengthError', () => {
  const http = (status: number, providerMessage: string, providerCode?: string) =>
    new ChatError('http', `HTTP ${status}: ${providerMessage}`, { status, providerMessage, providerCode });

  it("recognizes the providers' wordings", () => {
    const refusals = [
      http(
        400,
        "This model's maximum context length is 8192 tokens. However, your messages resulted in 8227 tokens. Please reduce the length of the messages.",
        'context_length_exceeded',
      ),
      http(400, 'prompt is too long: 209353 tokens > 199999 maximum', 'invalid_request_error'),
      http(
        400,
        'input length and `max_tokens` exceed context limit: 199759 + 8192 > 200000, decrease input length or `max_tokens` and try again',
      ),
      http(400, 'The input token count (1200293) exceeds the maximum number of tokens allowed (1048576).'),
      http(400, "This model's maximum prompt length is 131072 but the request contains 140000 tokens."),
      http(
        500,
        'the request exceeds the available context size. try increasing the context size or enable context shift',
        '500',
      ),
      http(
        400,
        'Prompt contains 40000 tokens and 0 draft tokens, too large for model with 32768 maximum context length',
      ),
      http(400, "This endpoint's maximum context length is 163840 tokens. However, you requested about 170000 tokens."),
      http(400, 'whatever', 'context_length_exceeded'),
      new ChatError('provider-error', 'provider error in stream: prompt is too long', {
        providerMessage: 'prompt is too long',
      }),
    ];
    for (const error of refusals) expect(isContextLengthError(error), error.message).toBe(true);
  });

  it('leaves other errors alone', () => {
    for (const error of [
      http(400, "Invalid 'messages[2].tool_call_id'", 'invalid_value'),
      http(429, 'Rate limit reached: maximum context length of your tier', 'rate_limit_exceeded'),
      http(500, 'The server had an error'),
      new ChatError('network', 'fetch failed'),
      new Error('boom'),
      'prompt is too long',
      null,
    ])
      expect(isContextLengthError(error)).toBe(false);
  });
});
