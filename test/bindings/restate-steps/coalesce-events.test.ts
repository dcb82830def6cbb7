// coalesceReplyEvents: a model step's deltas joined before they are journaled. For any stream of
// deltas (text, reasoning, tool calls at repeated or new indexes, ids and names now and then,
// usage, finish, reasoning details), the joined list builds the same reply as the deltas one by
// one: the same blocks, text, reasoning, tool calls, usage and finish reason; it is never longer,
// and a text or reasoning run ends as one event.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coalesceReplyEvents } from '../../../bindings/restate/coalesce-events.js';
import { createBlockAssembler } from '../../../src/reply/block-assembler.js';
import type { ChatStreamEvent } from '../../../src/wire/types.js';

const piece = fc.constantFrom(
  'Hel',
  'lo ',
  '<read_file>',
  '<path>',
  'a.md',
  '</path>',
  '</read_file>',
  ' ',
  '\n',
  'é',
  '',
);
const argPiece = fc.constantFrom('{"pa', 'th": "', 'a.md', '"}', ' ', '{', '}', '"x"', ',');

const event: fc.Arbitrary<ChatStreamEvent> = fc.oneof(
  { weight: 4, arbitrary: piece.map((text) => ({ type: 'text' as const, text })) },
  { weight: 3, arbitrary: piece.map((text) => ({ type: 'reasoning' as const, text })) },
  {
    weight: 4,
    arbitrary: fc.record(
      {
        type: fc.constant('tool-call' as const),
        index: fc.integer({ min: 0, max: 2 }),
        id: fc.constantFrom('call_a', 'call_b', 'call_c'),
        name: fc.constantFrom('read_file', 'write_to_file'),
        argumentsDelta: argPiece,
        extraContent: fc.constant({ google: { thought_signature: 'sig' } }),
      },
      { requiredKeys: ['type', 'index', 'argumentsDelta'] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constant({ type: 'reasoning-details' as const, details: [{ type: 'reasoning.text' }] as unknown[] }),
  },
  {
    weight: 1,
    arbitrary: fc.constant({
      type: 'usage' as const,
      usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
    }),
  },
);

const stream = fc
  .tuple(fc.array(event, { maxLength: 60 }), fc.constantFrom('stop', 'tool_calls', 'length'))
  .map(([events, reason]) => [...events, { type: 'finish' as const, reason }]);

function assembled(events: readonly ChatStreamEvent[]) {
  const assembler = createBlockAssembler({ idPrefix: 'call' });
  for (const e of events) assembler.push(e);
  const blocks = assembler.end();
  return {
    blocks,
    content: assembler.content,
    reasoning: assembler.reasoning,
    reasoningDetails: assembler.reasoningDetails,
    toolCalls: assembler.toolCalls,
    usage: assembler.usage,
    finishReason: assembler.finishReason,
  };
}

describe('coalesceReplyEvents', () => {
  it('joins text runs, reasoning runs and argument-only tool-call deltas', () => {
    const joined = coalesceReplyEvents([
      { type: 'reasoning', text: 'Le' },
      { type: 'reasoning', text: 't me' },
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
      { type: 'tool-call', index: 0, id: 'c1', name: 'read_file', argumentsDelta: '' },
      { type: 'tool-call', index: 0, argumentsDelta: '{"path":' },
      { type: 'tool-call', index: 0, argumentsDelta: '"a.md"}' },
      { type: 'tool-call', index: 1, id: 'c2', name: 'list_files', argumentsDelta: '{}' },
      { type: 'finish', reason: 'tool_calls' },
    ]);
    expect(joined).toEqual([
      { type: 'reasoning', text: 'Let me' },
      { type: 'text', text: 'Hello' },
      { type: 'tool-call', index: 0, id: 'c1', name: 'read_file', argumentsDelta: '{"path":"a.md"}' },
      { type: 'tool-call', index: 1, id: 'c2', name: 'list_files', argumentsDelta: '{}' },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });

  it('keeps a delta that names a call, has an id or opaque content, or another index, as its own event', () => {
    const events: ChatStreamEvent[] = [
      { type: 'tool-call', index: 0, id: 'c1', name: 'read_file', argumentsDelta: '{}' },
      { type: 'tool-call', index: 0, id: 'c2', name: 'read_file', argumentsDelta: '{}' },
      { type: 'tool-call', index: 0, name: 'x', argumentsDelta: '' },
      { type: 'tool-call', index: 0, argumentsDelta: '', extraContent: { k: 1 } },
      { type: 'tool-call', index: 1, argumentsDelta: '{}' },
    ];
    expect(coalesceReplyEvents(events)).toEqual(events);
  });

  it('leaves the events it was given unchanged', () => {
    const events: ChatStreamEvent[] = [
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
    ];
    const copy = structuredClone(events);
    coalesceReplyEvents(events);
    expect(events).toEqual(copy);
  });

  it('builds the same reply as the deltas one by one, in no more events (property)', () => {
    fc.assert(
      fc.property(stream, (events) => {
        const joined = coalesceReplyEvents(events);
        expect(joined.length).toBeLessThanOrEqual(events.length);
        expect(assembled(joined)).toEqual(assembled(events));
        for (let i = 1; i < joined.length; i++) {
          const [a, b] = [joined[i - 1].type, joined[i].type];
          expect(a === b && (a === 'text' || a === 'reasoning')).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });
});
