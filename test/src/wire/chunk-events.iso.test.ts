// One parsed chunk of an OpenAI-compatible stream -> normalized events (appendChunkEvents): what
// each field becomes, what is ignored, and which shapes are refused as 'malformed-chunk'.
import { describe, expect, it } from 'vitest';
import { appendChunkEvents, normalizeUsage } from '../../../src/wire/chunk-events.js';
import type { ChatError } from '../../../src/wire/errors.js';
import type { ChatStreamEvent } from '../../../src/wire/types.js';

/** The events of one chunk and whether it finished the reply. */
function eventsOf(chunk: unknown, chunkNumber = 1): { events: ChatStreamEvent[]; finished: boolean } {
  const events: ChatStreamEvent[] = [];
  const finished = appendChunkEvents(chunk, events, chunkNumber);
  return { events, finished };
}

/** The events of a chunk holding one choice with this delta. */
const deltaEvents = (delta: unknown, extra: Record<string, unknown> = {}) =>
  eventsOf({ choices: [{ index: 0, delta, ...extra }] }).events;

/** The ChatError a chunk is refused with (and the events it had appended before). */
function refusal(chunk: unknown, chunkNumber = 1): ChatError & { appended: ChatStreamEvent[] } {
  const events: ChatStreamEvent[] = [];
  try {
    appendChunkEvents(chunk, events, chunkNumber);
  } catch (error) {
    return Object.assign(error as ChatError, { appended: events });
  }
  throw new Error(`not refused: ${String(chunk)}`);
}

const malformed = (chunk: unknown) => {
  const error = refusal(chunk);
  expect(error.code, error.message).toBe('malformed-chunk');
  return error.message;
};

describe('the chunk as a whole', () => {
  it('is refused unless it is an object, naming the chunk and showing the value', () => {
    expect(malformed([1])).toBe('malformed chunk 1: not a JSON object: "[1]"');
    expect(malformed(null)).toBe('malformed chunk 1: not a JSON object: "null"');
    expect(refusal('x', 7).message).toBe('malformed chunk 7: not a JSON object: "\\"x\\""');
  });

  it('shows a value without a JSON form as text', () => {
    expect(malformed(undefined)).toBe('malformed chunk 1: not a JSON object: "undefined"');
    expect(malformed(10n)).toBe('malformed chunk 1: not a JSON object: 10'); // JSON.stringify throws on a BigInt
  });

  it('without choices (or with null) carries no events; choices that are not an array are refused', () => {
    expect(eventsOf({})).toEqual({ events: [], finished: false });
    expect(eventsOf({ choices: null })).toEqual({ events: [], finished: false });
    expect(malformed({ choices: { 0: {} } })).toContain('"choices" is not an array');
  });
});

describe('choices', () => {
  it('only choice 0 is read; a choice without an index (or a null one) counts as choice 0', () => {
    const chunk = {
      choices: [
        { index: 1, delta: { content: 'other' } },
        { delta: { content: 'a' } },
        { index: null, delta: { content: 'b' } },
        { index: 0, delta: { content: 'c' } },
      ],
    };
    expect(eventsOf(chunk).events).toEqual([
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
      { type: 'text', text: 'c' },
    ]);
  });

  it('a choice that is not an object is refused, naming its position', () => {
    expect(malformed({ choices: [{ index: 0, delta: {} }, 'x'] })).toContain('choices[1] is not an object');
  });

  it('reads `message` where there is no `delta` (a non-streamed answer); a null delta carries nothing but the finish', () => {
    expect(eventsOf({ choices: [{ index: 0, message: { content: 'whole' }, finish_reason: 'stop' }] })).toEqual({
      events: [
        { type: 'text', text: 'whole' },
        { type: 'finish', reason: 'stop' },
      ],
      finished: true,
    });
    expect(eventsOf({ choices: [{ index: 0, delta: null, finish_reason: 'stop' }] }).events).toEqual([
      { type: 'finish', reason: 'stop' },
    ]);
    expect(eventsOf({ choices: [{ index: 0, delta: null, message: null, finish_reason: 'stop' }] }).events).toEqual([
      { type: 'finish', reason: 'stop' },
    ]);
    expect(malformed({ choices: [{ index: 0, delta: 'text' }] })).toContain('choices[0].delta is not an object');
  });

  it('a finish_reason is a finish; "" and null are none; anything else is refused', () => {
    expect(eventsOf({ choices: [{ index: 0, delta: {}, finish_reason: 'length' }] })).toEqual({
      events: [{ type: 'finish', reason: 'length' }],
      finished: true,
    });
    expect(eventsOf({ choices: [{ index: 0, delta: {}, finish_reason: '' }] })).toEqual({
      events: [],
      finished: false,
    });
    expect(eventsOf({ choices: [{ index: 0, delta: {}, finish_reason: null }] })).toEqual({
      events: [],
      finished: false,
    });
    expect(malformed({ choices: [{ index: 0, delta: {}, finish_reason: 1 }] })).toContain(
      'choices[0].finish_reason is not a string',
    );
  });
});

describe('reasoning', () => {
  it('from reasoning_content, then reasoning; empty ones give nothing; the same text mirrored in both counts once', () => {
    expect(deltaEvents({ reasoning_content: 'a', reasoning: 'b' })).toEqual([
      { type: 'reasoning', text: 'a' },
      { type: 'reasoning', text: 'b' },
    ]);
    expect(deltaEvents({ reasoning_content: 'same', reasoning: 'same' })).toEqual([
      { type: 'reasoning', text: 'same' },
    ]);
    expect(deltaEvents({ reasoning_content: '', reasoning: '' })).toEqual([]);
    expect(deltaEvents({ reasoning_content: 'a', reasoning: '' })).toEqual([{ type: 'reasoning', text: 'a' }]);
    expect(deltaEvents({ reasoning_content: null, reasoning: null })).toEqual([]);
  });

  it('refuses reasoning fields that are not strings', () => {
    expect(malformed({ choices: [{ index: 0, delta: { reasoning_content: 1 } }] })).toContain(
      '"reasoning_content" is not a string',
    );
    expect(malformed({ choices: [{ index: 0, delta: { reasoning: ['x'] } }] })).toContain(
      '"reasoning" is not a string',
    );
  });

  it('reasoning_details count only when no reasoning text came with them ("" is no text)', () => {
    const details = [{ type: 'reasoning.text', text: 'from details' }];
    // The entries themselves always come too, for the history (sent back unchanged).
    const kept = { type: 'reasoning-details', details };
    expect(deltaEvents({ reasoning_details: details })).toEqual([{ type: 'reasoning', text: 'from details' }, kept]);
    expect(deltaEvents({ reasoning_content: '', reasoning: '', reasoning_details: details })).toEqual([
      { type: 'reasoning', text: 'from details' },
      kept,
    ]);
    expect(deltaEvents({ reasoning: 'mirrored', reasoning_details: details })).toEqual([
      { type: 'reasoning', text: 'mirrored' },
      kept,
    ]);
    expect(deltaEvents({ reasoning_content: 'mirrored', reasoning_details: details })).toEqual([
      { type: 'reasoning', text: 'mirrored' },
      kept,
    ]);
    expect(deltaEvents({ reasoning_details: [] })).toEqual([]);
    expect(deltaEvents({ reasoning_details: null })).toEqual([]);
  });

  it('reasoning_details: text and summary entries give their text; other kinds, missing and empty texts give nothing', () => {
    const details = [
      { type: 'reasoning.summary', summary: 'sum' },
      { type: 'reasoning.encrypted', data: 'xyz', summary: 'not read', text: 'not read' },
      { type: 'reasoning.text' },
      { type: 'reasoning.text', text: null },
      { type: 'reasoning.summary', summary: '' },
      { type: 'reasoning.text', text: 'txt', summary: 'not read' },
    ];
    expect(deltaEvents({ reasoning_details: details })).toEqual([
      { type: 'reasoning', text: 'sum' },
      { type: 'reasoning', text: 'txt' },
      { type: 'reasoning-details', details },
    ]);
  });

  it('reasoning_details of the wrong shape are refused, naming the entry', () => {
    expect(malformed({ choices: [{ index: 0, delta: { reasoning_details: 'x' } }] })).toContain(
      '"reasoning_details" is not an array',
    );
    expect(
      malformed({ choices: [{ index: 0, delta: { reasoning_details: [{ type: 'reasoning.text', text: 'a' }, 3] } }] }),
    ).toContain('reasoning_details[1] is not an object');
    expect(
      malformed({ choices: [{ index: 0, delta: { reasoning_details: [{ type: 'reasoning.summary', summary: 5 }] } }] }),
    ).toContain('reasoning_details[0].summary is not a string');
  });
});

describe('content', () => {
  it('a string is text; an empty one gives nothing', () => {
    expect(deltaEvents({ content: 'hi' })).toEqual([{ type: 'text', text: 'hi' }]);
    expect(deltaEvents({ content: '' })).toEqual([]);
    expect(deltaEvents({ content: null })).toEqual([]);
  });

  it("parts (Mistral): a part's type decides: text parts are text, thinking parts reasoning, empty texts nothing", () => {
    const parts = [
      { type: 'text', text: 'a' },
      {
        type: 'thinking',
        thinking: [
          { type: 'text', text: 'b' },
          { type: 'text', text: '' },
        ],
      },
      { type: 'thinking', text: 'c' },
      { type: 'text', text: '' },
      { type: 'text', text: 'd', thinking: [{ type: 'text', text: 'not read' }] },
    ];
    expect(deltaEvents({ content: parts })).toEqual([
      { type: 'text', text: 'a' },
      { type: 'reasoning', text: 'b' },
      { type: 'reasoning', text: 'c' },
      { type: 'text', text: 'd' },
    ]);
  });

  it('parts of the wrong shape are refused, saying which', () => {
    const content = (c: unknown) => malformed({ choices: [{ index: 0, delta: { content: c } }] });
    expect(content(5)).toContain('"content" is neither a string nor an array of parts: "5"');
    expect(content(['x'])).toContain('a "content" part is not an object: "\\"x\\""');
    expect(content([{ type: 'thinking', thinking: ['x'] }])).toContain('a "thinking" part has no text');
    expect(content([{ type: 'thinking', thinking: [{ type: 'text' }] }])).toContain('a "thinking" part has no text');
    expect(content([{ type: 'image_url', image_url: {} }])).toContain('a "content" part of type image_url has no text');
  });
});

describe('tool calls', () => {
  const calls = (toolCalls: unknown) => deltaEvents({ tool_calls: toolCalls });

  it('an entry becomes an event with the id and name only when they are given and not empty', () => {
    const events = calls([
      { index: 0, id: 'call_a', function: { name: 'read_file', arguments: '{"p' } },
      { index: 0, id: '', function: { name: '', arguments: 'ath"}' } },
      { index: 1, id: 7, function: { name: 3, arguments: '' } },
      { index: 1, id: 'call_b' },
      { index: 2, function: { name: 'list_files' } },
    ]);
    expect(events).toStrictEqual([
      { type: 'tool-call', index: 0, argumentsDelta: '{"p', id: 'call_a', name: 'read_file' },
      { type: 'tool-call', index: 0, argumentsDelta: 'ath"}' },
      { type: 'tool-call', index: 1, argumentsDelta: '', id: 'call_b' },
      { type: 'tool-call', index: 2, argumentsDelta: '', name: 'list_files' },
    ]);
  });

  it('an entry with nothing in it (no id, no name, no arguments) is no event', () => {
    expect(
      calls([
        { index: 0 },
        { index: 0, function: null },
        { index: 0, function: { arguments: null } },
        { index: 0, function: { arguments: '' } },
      ]),
    ).toEqual([]);
    expect(calls(null)).toEqual([]);
  });

  it('arguments sent already parsed are passed on as JSON text', () => {
    expect(calls([{ index: 0, function: { arguments: { path: 'a' } } }])).toEqual([
      { type: 'tool-call', index: 0, argumentsDelta: '{"path":"a"}' },
    ]);
  });

  it('an entry without an index (or a null one) counts by its position', () => {
    expect(
      calls([
        { id: 'a', function: { name: 'x' } },
        { index: null, id: 'b', function: { name: 'y' } },
      ]),
    ).toEqual([
      { type: 'tool-call', index: 0, argumentsDelta: '', id: 'a', name: 'x' },
      { type: 'tool-call', index: 1, argumentsDelta: '', id: 'b', name: 'y' },
    ]);
  });

  it('entries of the wrong shape are refused, naming the entry and the field', () => {
    const refused = (toolCalls: unknown) => malformed({ choices: [{ index: 0, delta: { tool_calls: toolCalls } }] });
    expect(refused({ 0: {} })).toContain('"tool_calls" is not an array');
    expect(refused([{ index: 0, id: 'a' }, 'x'])).toContain('tool_calls[1] is not an object');
    for (const index of [-1, 1.5, '0', true])
      expect(refused([{ index }]), String(index)).toContain('tool_calls[0].index is not a non-negative integer');
    expect(refused([{ index: 0, function: 'read_file' }])).toContain('tool_calls[0].function is not an object');
    expect(refused([{ index: 0, function: ['read_file'] }])).toContain('tool_calls[0].function is not an object');
    expect(refused([{ index: 0, function: { arguments: 5 } }])).toContain(
      'tool_calls[0].function.arguments is not a string',
    );
    expect(refused([{ index: 0, function: { arguments: ['a'] } }])).toContain(
      'tool_calls[0].function.arguments is not a string',
    );
  });
});

describe('errors inside a chunk', () => {
  it("an error object is a 'provider-error' naming the chunk, thrown after the chunk's own events", () => {
    const error = refusal(
      { choices: [{ index: 0, delta: { content: 'last words' } }], error: { message: 'overloaded' } },
      4,
    );
    expect(error.code).toBe('provider-error');
    expect(error.message).toBe('provider error in chunk 4: overloaded');
    expect(error.appended).toEqual([{ type: 'text', text: 'last words' }]);
  });

  it('the chunk-level error wins over a choice-level one; null errors are none', () => {
    expect(
      refusal({ error: { message: 'top' }, choices: [{ index: 0, delta: {}, error: { message: 'choice' } }] }).message,
    ).toContain('top');
    expect(refusal({ choices: [{ index: 0, delta: {}, error: { message: 'choice' } }] }).message).toContain('choice');
    expect(eventsOf({ error: null, choices: [{ index: 0, delta: { content: 'ok' }, error: null }] }).events).toEqual([
      { type: 'text', text: 'ok' },
    ]);
  });

  it('an error in another choice than 0 is not read', () => {
    expect(eventsOf({ choices: [{ index: 1, delta: {}, error: { message: 'other' } }] }).events).toEqual([]);
  });
});

describe('usage', () => {
  it('OpenAI names, or the input/output names; the total is the sum when missing', () => {
    expect(
      eventsOf({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 9 } }).events,
    ).toEqual([{ type: 'usage', usage: { promptTokens: 3, completionTokens: 4, totalTokens: 9 } }]);
    expect(normalizeUsage({ input_tokens: 3, output_tokens: 4 }, 1)).toStrictEqual({
      promptTokens: 3,
      completionTokens: 4,
      totalTokens: 7,
    });
  });

  it('counts that are not finite numbers count as missing', () => {
    expect(
      normalizeUsage(
        { prompt_tokens: Number.NaN, input_tokens: 2, completion_tokens: '5', total_tokens: Number.POSITIVE_INFINITY },
        1,
      ),
    ).toStrictEqual({
      promptTokens: 2,
      completionTokens: 0,
      totalTokens: 2,
    });
  });

  it('reasoning tokens from the details (either name) or the top level, and no such field when none are given', () => {
    expect(
      normalizeUsage({ prompt_tokens: 1, completion_tokens: 2, completion_tokens_details: { reasoning_tokens: 1 } }, 1),
    ).toStrictEqual({
      promptTokens: 1,
      completionTokens: 2,
      totalTokens: 3,
      reasoningTokens: 1,
    });
    expect(normalizeUsage({ output_tokens_details: { reasoning_tokens: 2 } }, 1).reasoningTokens).toBe(2);
    expect(normalizeUsage({ reasoning_tokens: 3, completion_tokens_details: null }, 1).reasoningTokens).toBe(3);
    expect('reasoningTokens' in normalizeUsage({ prompt_tokens: 1, completion_tokens_details: {} }, 1)).toBe(false);
  });

  it("the chunk's usage wins; the choice's (Moonshot) counts when the chunk has none or null", () => {
    const choiceUsage = { prompt_tokens: 5, completion_tokens: 5 };
    const of = (chunk: unknown) => eventsOf(chunk).events.filter((e) => e.type === 'usage');
    expect(of({ choices: [{ index: 0, delta: {}, usage: choiceUsage }] })).toEqual([
      { type: 'usage', usage: { promptTokens: 5, completionTokens: 5, totalTokens: 10 } },
    ]);
    expect(of({ usage: null, choices: [{ index: 0, delta: {}, usage: choiceUsage }] })).toHaveLength(1);
    expect(of({ usage: { prompt_tokens: 1 }, choices: [{ index: 0, delta: {}, usage: choiceUsage }] })).toEqual([
      { type: 'usage', usage: { promptTokens: 1, completionTokens: 0, totalTokens: 1 } },
    ]);
    expect(of({ usage: null, choices: [{ index: 0, delta: {} }] })).toEqual([]);
  });

  it('usage that is not an object is refused', () => {
    expect(malformed({ choices: [], usage: 12 })).toBe('malformed chunk 1: "usage" is not an object: "12"');
  });
});
