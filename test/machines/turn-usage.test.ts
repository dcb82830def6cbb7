// Token counts: the provider's usage summed over the requests of a turn, field by field, marked
// estimated as soon as one part is an estimate.
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import { addUsage, estimateRequestUsage, reportedUsage, ZERO_USAGE } from '../../machines/machine/turn-usage.js';
import type { ChatStreamEvent, ChatUsage } from '../../src/wire/types.js';
import { createScriptedClient, textEvents, type ScriptedReply } from '../support/scripted-client.js';

const READ_A = '<read_file>\n<path>a.ts</path>\n</read_file>';
const DONE = '<attempt_completion>\n<result>All done.</result>\n</attempt_completion>';

const withUsage = (text: string, usage: ChatUsage): ScriptedReply => ({
  events: [...textEvents(text), { type: 'finish', reason: 'stop' }, { type: 'usage', usage }] as ChatStreamEvent[],
});

describe('usage of a turn', () => {
  it('sums every field over the requests; reasoning tokens once any request reports them', async () => {
    const client = createScriptedClient([
      withUsage(READ_A, { promptTokens: 100, completionTokens: 20, totalTokens: 120 }),
      withUsage(DONE, { promptTokens: 150, completionTokens: 7, totalTokens: 157, reasoningTokens: 5 }),
    ]);
    const actor = createActor(agentTurnMachine, {
      input: {
        client,
        model: 'm',
        messages: [{ role: 'user', content: 'task' }],
        tools: { read_file: async () => 'x' },
      },
    });
    const out = await toPromise(actor.start());
    expect(out.usage).toEqual({
      promptTokens: 250,
      completionTokens: 27,
      totalTokens: 277,
      reasoningTokens: 5,
      estimated: false,
    });
    expect(out.requests.map((r) => r.usage?.totalTokens)).toEqual([120, 157]);
  });
});

describe('addUsage', () => {
  const a = reportedUsage({ promptTokens: 1, completionTokens: 2, totalTokens: 3 });

  it('adds field by field', () => {
    expect(addUsage(a, reportedUsage({ promptTokens: 10, completionTokens: 20, totalTokens: 30 }))).toEqual({
      promptTokens: 11,
      completionTokens: 22,
      totalTokens: 33,
      estimated: false,
    });
  });

  it('keeps reasoning tokens from either side, summed when both have them', () => {
    const r = (n: number) => ({ ...a, reasoningTokens: n });
    expect(addUsage(r(4), a)).toEqual({
      promptTokens: 2,
      completionTokens: 4,
      totalTokens: 6,
      reasoningTokens: 4,
      estimated: false,
    });
    expect(addUsage(a, r(4))).toEqual({
      promptTokens: 2,
      completionTokens: 4,
      totalTokens: 6,
      reasoningTokens: 4,
      estimated: false,
    });
    expect(addUsage(r(4), r(6)).reasoningTokens).toBe(10);
    expect('reasoningTokens' in addUsage(a, a)).toBe(false);
  });

  it('is an estimate when either part is', () => {
    const guess = { ...a, estimated: true };
    expect(addUsage(a, guess).estimated).toBe(true);
    expect(addUsage(guess, a).estimated).toBe(true);
    expect(addUsage(a, a).estimated).toBe(false);
  });

  it('nothing added changes nothing; the turn starts at zero, reported', () => {
    expect(addUsage(a, undefined)).toBe(a);
    expect(ZERO_USAGE).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: false });
  });
});

describe('estimateRequestUsage: a reply that came without usage', () => {
  const messages = [{ role: 'user' as const, content: 'task' }];
  // the prompt: its JSON text, about four characters a token
  const promptTokens = Math.ceil(JSON.stringify(messages).length / 4);

  it('counts the prompt, and the output as content + reasoning + every tool call, about four characters a token', () => {
    const usage = estimateRequestUsage(messages, {
      content: 'a'.repeat(8), // 2
      reasoning: 'r'.repeat(12), // 3
      toolCalls: [
        { id: 'c1', type: 'function', function: { name: 'read', arguments: '{"p":"x"}' } }, // 13 chars: 4
        { id: 'c2', type: 'function', function: { name: 'ls', arguments: '{}' } }, // 4 chars: 1
      ],
    });
    expect(usage).toEqual({
      promptTokens,
      completionTokens: 2 + 3 + 4 + 1,
      totalTokens: promptTokens + 10,
      reasoningTokens: 3,
      estimated: true,
    });
  });

  it('names reasoning tokens only when the reply had reasoning', () => {
    const usage = estimateRequestUsage(messages, { content: 'abcd', reasoning: '', toolCalls: [] });
    expect(usage).toEqual({ promptTokens, completionTokens: 1, totalTokens: promptTokens + 1, estimated: true });
    expect('reasoningTokens' in usage).toBe(false);
  });
});
