// Opaque provider data survives byte for byte, from the stream to the next request: OpenRouter's
// `reasoning_details` (streamed in fragments that share an index, cut at random bytes) and
// Gemini's `extra_content.google.thought_signature` on a tool call, through the decoder, the
// block assembler, assistantHistoryMessage and a JSON round trip of the events (what a
// persisted turn keeps of a reply in progress).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBlockAssembler } from '../../../src/reply/block-assembler.js';
import { assistantHistoryMessage } from '../../../src/reply/history.js';
import { historyRuleOf, profileFor } from '../../../src/profiles/profiles.js';
import { mergeReasoningDetails } from '../../../src/wire/reasoning-details.js';
import { readChatCompletion } from '../../../src/wire/read-chat-completion.js';
import type { ChatStreamEvent } from '../../../src/wire/types.js';
import { byteStream, delta, encoder, finishChunk, read, sse } from '../../support/wire-fixtures.js';

/** Text with what breaks naive handling: quotes, backslashes, newlines, non-ASCII, astral characters. */
const opaqueText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('a', 'Z', '0', '+', '/', '=', '"', '\\', '\n', ' ', 'é', '😀', '\u2028', '<', '>'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  ),
  minLength: 0,
  maxLength: 80,
});

type Entry = Record<string, unknown>;

/** A reasoning_details array as OpenRouter builds one: text entries (signed or not) and encrypted ones, indexed in order. */
const detailsArray = fc
  .array(
    fc.oneof(
      fc.record({
        type: fc.constant('reasoning.text'),
        text: opaqueText,
        signature: fc.oneof(
          fc.constant(null),
          opaqueText.filter((s) => s !== ''),
        ),
        format: fc.constantFrom('anthropic-claude-v1', 'unknown'),
      }),
      fc.record({
        type: fc.constant('reasoning.encrypted'),
        data: opaqueText.filter((s) => s !== ''),
        id: fc.constantFrom('rs_1', 'call_a'),
        format: fc.constantFrom('google-gemini-v1', 'openai-responses-v1'),
      }),
      fc.record({ type: fc.constant('reasoning.summary'), summary: opaqueText, format: fc.constant('unknown') }),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((entries) => entries.map((e, index) => ({ ...e, index }) as Entry));

/** Each entry as the stream pieces it arrives in: its text cut at the given points, the other fields on the first piece. */
function fragments(entry: Entry, cuts: number[]): Entry[] {
  const field = entry.type === 'reasoning.text' ? 'text' : entry.type === 'reasoning.summary' ? 'summary' : undefined;
  if (field === undefined) return [entry];
  const text = [...String(entry[field])]; // never inside a surrogate pair, as a JSON-encoding server sends it
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: Entry[] = [];
  let from = 0;
  for (const point of [...points, text.length]) {
    if (point < from || (point === from && pieces.length > 0)) continue;
    pieces.push({ type: entry.type, [field]: text.slice(from, point).join(''), index: entry.index });
    from = point;
  }
  const { [field]: _text, ...rest } = entry;
  pieces[0] = { ...pieces[0], ...rest };
  return pieces;
}

describe('opaque fields survive byte for byte', () => {
  it('mergeReasoningDetails: one whole array (a non-streamed reply) comes out as it went in, to the byte', () => {
    fc.assert(
      fc.property(detailsArray, (details) => {
        const merged = mergeReasoningDetails([], details);
        expect(JSON.stringify(merged)).toBe(JSON.stringify(details));
        // The input is not changed, and the result does not share its entries' objects.
        expect(merged.every((m, i) => m !== details[i])).toBe(true);
      }),
    );
  });

  it('mergeReasoningDetails: fragments over any number of chunks join into the entries as produced', () => {
    fc.assert(
      fc.property(detailsArray, fc.array(fc.nat(200), { maxLength: 6 }), fc.nat(5), (details, cuts, per) => {
        const pieces = details.flatMap((e) => fragments(e, cuts));
        let merged: unknown[] = [];
        for (let i = 0; i < pieces.length; i += per + 1)
          merged = mergeReasoningDetails(merged, pieces.slice(i, i + per + 1));
        expect(merged).toStrictEqual(details);
      }),
    );
  });

  it('reasoning_details and a thought signature go from a stream cut at random bytes to the history message unchanged', async () => {
    const rule = historyRuleOf(profileFor('deepseek/deepseek-v3.2'));
    await fc.assert(
      fc.asyncProperty(
        detailsArray,
        opaqueText.filter((s) => s !== ''),
        fc.array(fc.nat(200), { maxLength: 6 }),
        fc.array(fc.nat(100_000), { maxLength: 12 }),
        async (details, signature, cuts, byteCuts) => {
          const extra = { google: { thought_signature: signature } };
          const chunks = [
            ...details
              .flatMap((e) => fragments(e, cuts))
              .map((p) => delta({ reasoning: null, reasoning_details: [p] })),
            delta({
              tool_calls: [
                {
                  index: 0,
                  id: 'call_1',
                  type: 'function',
                  function: { name: 'read_file', arguments: '' },
                  extra_content: extra,
                },
              ],
            }),
            delta({ tool_calls: [{ index: 0, function: { arguments: '{"path":"a.md"}' } }] }),
            finishChunk('tool_calls'),
          ];
          const bytes = encoder.encode(sse(chunks));
          const { events, error } = await read(
            byteStream(
              bytes,
              [...byteCuts].sort((a, b) => a - b),
            ),
          );
          expect(error).toBeUndefined();
          // A persisted reply keeps its events as JSON: the round trip loses nothing either.
          const restored = JSON.parse(JSON.stringify(events)) as ChatStreamEvent[];
          for (const source of [events, restored]) {
            const assembler = createBlockAssembler();
            for (const event of source) assembler.push(event);
            assembler.end();
            const message = assistantHistoryMessage({
              content: assembler.content,
              toolCalls: assembler.toolCalls,
              reasoning: assembler.reasoning,
              reasoningDetails: assembler.reasoningDetails,
              rule,
            });
            expect(message.reasoning_details).toStrictEqual(details);
            expect(JSON.stringify(message.tool_calls?.[0].extra_content)).toBe(JSON.stringify(extra));
            expect(message.tool_calls?.[0].function.arguments).toBe('{"path":"a.md"}');
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('a non-streamed reply keeps them too (readChatCompletion)', () => {
    fc.assert(
      fc.property(
        detailsArray,
        opaqueText.filter((s) => s !== ''),
        (details, signature) => {
          const extra = { google: { thought_signature: signature } };
          const result = readChatCompletion({
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: null,
                  reasoning_details: details,
                  tool_calls: [
                    { id: 'c', type: 'function', function: { name: 'f', arguments: '{}' }, extra_content: extra },
                  ],
                },
                finish_reason: 'tool_calls',
              },
            ],
          });
          expect(JSON.stringify(result.reasoningDetails)).toBe(JSON.stringify(details));
          expect(JSON.stringify(result.toolCalls[0].extra_content)).toBe(JSON.stringify(extra));
        },
      ),
    );
  });
});

describe('the thinking of the Messages and Responses wires, whatever the rule', () => {
  const gemini = historyRuleOf(profileFor('gemini-3-flash-preview'));
  const thinking = { type: 'thinking', thinking: 'Read it first.', signature: 'ErUBabc==' };
  const redacted = { type: 'redacted_thinking', data: 'EmwKAhgB' };
  const item = { id: 'rs_1', type: 'reasoning', summary: [], encrypted_content: 'gAAAAAB1' };
  const openRouter = { type: 'reasoning.text', text: 'x', signature: 's', format: 'unknown', index: 0 };

  it('keeps thinking blocks and reasoning items where a rule sends no reasoning_details, and only them', () => {
    expect(gemini.opaque).not.toContain('reasoning_details');
    const message = assistantHistoryMessage({
      content: '',
      toolCalls: [{ id: 'toolu_1', type: 'function', function: { name: 'read_file', arguments: '{}' } }],
      reasoningDetails: [thinking, redacted, item, openRouter],
      rule: gemini,
    });
    expect(message.reasoning_details).toEqual([thinking, redacted, item]);
  });

  it('sends no reasoning_details when none of them came from those wires', () => {
    const message = assistantHistoryMessage({ content: 'hi', reasoningDetails: [openRouter], rule: gemini });
    expect(message.reasoning_details).toBeUndefined();
  });
});
