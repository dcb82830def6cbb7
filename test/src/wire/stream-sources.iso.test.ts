import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readChatCompletionStream } from '../../../src/wire/read-chat-completion-stream.js';
import {
  asyncItems,
  byteStream,
  delta,
  encoder,
  finishChunk,
  read,
  sse,
  summarize,
  usageChunk,
} from '../../support/wire-fixtures.js';

const CHUNKS = [
  delta({ role: 'assistant', reasoning_content: 'Je réfléchis 🤔… ' }),
  delta({ reasoning_content: '考えています\n\n' }),
  delta({ reasoning_content: null, content: 'Voilà: 🚀 ' }),
  delta({ content: '<read_file><path>src/日本.ts</path></read_file>' }),
  delta({
    tool_calls: [{ index: 0, id: 'call_1', function: { name: 'write_to_file', arguments: '{"path":"a.txt",' } }],
  }),
  delta({ tool_calls: [{ index: 0, function: { arguments: '"content":"é🙂\\n"}' } }] }),
  finishChunk('tool_calls'),
  usageChunk({
    prompt_tokens: 5,
    completion_tokens: 9,
    total_tokens: 14,
    completion_tokens_details: { reasoning_tokens: 4 },
  }),
];
const BODY = sse(CHUNKS);
const BYTES = encoder.encode(BODY);

const EXPECTED = {
  reasoning: 'Je réfléchis 🤔… 考えています\n\n',
  text: 'Voilà: 🚀 <read_file><path>src/日本.ts</path></read_file>',
  tools: { 0: { id: 'call_1', name: 'write_to_file', args: '{"path":"a.txt","content":"é🙂\\n"}' } },
  usage: [{ promptTokens: 5, completionTokens: 9, totalTokens: 14, reasoningTokens: 4 }],
  finish: ['tool_calls'],
};

describe('each source kind gives the same events', () => {
  it('a Response', async () => {
    const { events, error } = await read(new Response(BODY));
    expect(error).toBeUndefined();
    expect(summarize(events)).toEqual(EXPECTED);
  });

  it('a ReadableStream of bytes', async () => {
    const { events, error } = await read(byteStream(BYTES, [7, 100, 101, 250]));
    expect(error).toBeUndefined();
    expect(summarize(events)).toEqual(EXPECTED);
  });

  it('an async iterable of bytes', async () => {
    const pieces = [BYTES.slice(0, 33), BYTES.slice(33, 34), BYTES.slice(34)];
    const { events } = await read(asyncItems(pieces));
    expect(summarize(events)).toEqual(EXPECTED);
  });

  it('an async iterable of ArrayBuffers and other byte views, with a UTF-8 BOM', async () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...BYTES]);
    const pieces: unknown[] = [withBom.buffer.slice(0, 2), new DataView(withBom.buffer, 2, 40), withBom.slice(42)];
    const { events, error } = await read(asyncItems(pieces as object[]));
    expect(error).toBeUndefined();
    expect(summarize(events)).toEqual(EXPECTED);
  });

  it('an async iterable of SSE strings', async () => {
    const pieces = [BODY.slice(0, 10), BODY.slice(10, 200), BODY.slice(200)];
    const { events } = await read(asyncItems(pieces));
    expect(summarize(events)).toEqual(EXPECTED);
  });

  it('an async iterable of parsed chunk objects (what the openai SDK yields)', async () => {
    const { events, error } = await read(asyncItems(CHUNKS as object[]));
    expect(error).toBeUndefined();
    expect(summarize(events)).toEqual(EXPECTED);
  });

  it('a JSON (non-streamed) response body becomes the same events', async () => {
    const completion = {
      choices: [
        { index: 0, message: { role: 'assistant', reasoning_content: 'r', content: 'c' }, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1 },
    };
    const { events, error } = await read(
      new Response(JSON.stringify(completion), { headers: { 'content-type': 'application/json' } }),
    );
    expect(error).toBeUndefined();
    expect(summarize(events)).toMatchObject({ reasoning: 'r', text: 'c', finish: ['stop'] });
  });

  it('a JSON body with status 200 carrying an error object is a provider-error', async () => {
    const { error } = await read(
      new Response('{"error":{"message":"nope"}}', { headers: { 'content-type': 'application/json' } }),
    );
    expect(error).toMatchObject({ code: 'provider-error', providerMessage: 'nope' });
  });

  it('anything else is refused with a TypeError naming what came', () => {
    expect(() => readChatCompletionStream(42 as never)).toThrow(/got number/);
    expect(() => readChatCompletionStream(null as never)).toThrow(/got null/);
  });

  it('the consumer may stop early; the byte stream is then cancelled', async () => {
    let cancelled = false;
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return new Promise<void>(() => {}); // the rest never comes
        sent = true;
        controller.enqueue(BYTES.slice(0, 400));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readChatCompletionStream(stream)) {
      expect(event.type).toBe('reasoning');
      break;
    }
    expect(cancelled).toBe(true);
  });
});

describe('events do not depend on where the bytes are cut', () => {
  it('property: any cut points, inside multi-byte UTF-8 characters too', async () => {
    const expected = summarize((await read(new Response(BODY))).events);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: BYTES.length - 1 }), { maxLength: 40 }),
        async (cuts) => {
          cuts.sort((a, b) => a - b);
          const { events, error } = await read(byteStream(BYTES, cuts));
          expect(error).toBeUndefined();
          expect(summarize(events)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: every single-byte split of the stream, and one byte at a time', async () => {
    // Every offset once, so each multi-byte character (emoji, CJK, accents) is split in every way.
    for (let cut = 1; cut < BYTES.length; cut++) {
      const { events, error } = await read(byteStream(BYTES, [cut]));
      expect(error).toBeUndefined();
      expect(summarize(events)).toEqual(EXPECTED);
    }
    const all = Array.from({ length: BYTES.length - 1 }, (_, i) => i + 1);
    expect(summarize((await read(byteStream(BYTES, all))).events)).toEqual(EXPECTED);
  });

  it('property: random text deltas round-trip through SSE bytes cut anywhere', async () => {
    const text = fc.string({
      unit: fc.constantFrom('a', ' ', '\n', 'é', '🙂', '中', '"', '\\', '<', ':'),
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ kind: fc.constantFrom('reasoning_content', 'reasoning', 'content'), text }), {
          maxLength: 12,
        }),
        fc.uniqueArray(fc.nat(), { maxLength: 20 }),
        async (deltas, rawCuts) => {
          const bytes = encoder.encode(sse([...deltas.map((d) => delta({ [d.kind]: d.text })), finishChunk()]));
          const cuts = rawCuts.map((c) => (c % Math.max(1, bytes.length - 1)) + 1).sort((a, b) => a - b);
          const { events, error } = await read(byteStream(bytes, [...new Set(cuts)]));
          expect(error).toBeUndefined();
          const s = summarize(events);
          expect(s.reasoning).toBe(
            deltas
              .filter((d) => d.kind !== 'content')
              .map((d) => d.text)
              .join(''),
          );
          expect(s.text).toBe(
            deltas
              .filter((d) => d.kind === 'content')
              .map((d) => d.text)
              .join(''),
          );
          expect(s.finish).toEqual(['stop']);
        },
      ),
      { numRuns: 200 },
    );
  });
});
