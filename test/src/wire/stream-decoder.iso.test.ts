// The stream decoder on its own: SSE text, bytes or chunk objects in; events, the first fault and
// the end out. What it ignores, what it refuses, and that nothing is read after a fault or [DONE].
import { describe, expect, it } from 'vitest';
import { ChatStreamDecoder } from '../../../src/wire/stream-decoder.js';
import { delta, finishChunk, sse } from '../../support/wire-fixtures.js';

/** A decoder fed `text` in one piece and ended. */
function decode(text: string, maxReplyChars?: number) {
  const decoder = new ChatStreamDecoder(maxReplyChars);
  decoder.feedText(text);
  decoder.end();
  return decoder;
}

const data = (chunk: unknown) => `data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`;

describe('the end of the input', () => {
  it('says how it ended when no finish and no [DONE] came', () => {
    expect(decode('').error?.message).toBe('the stream ended before any data');
    expect(decode(data(delta({ content: 'a' }))).error?.message).toBe(
      'the stream ended after 1 chunks without a finish_reason or [DONE]',
    );
    expect(decode(data(delta({ content: 'a' }))).error?.code).toBe('truncated');
  });

  it('names the first line it ignored, at most 200 characters of it', () => {
    const long = `hello: ${'x'.repeat(300)}`;
    expect(decode(`${long}\n\n`).error?.message).toBe(
      `the stream ended without any data event; it began with ${JSON.stringify(long.slice(0, 200))}`,
    );
    expect(decode('hello: there\nsecond: line\n\n').error?.message).toBe(
      'the stream ended without any data event; it began with "hello: there"',
    );
  });

  it('a malformed retry field is ignored like a comment, not named as the first line', () => {
    expect(decode('retry: soon\n\n').error?.message).toBe('the stream ended before any data');
  });

  it('a data line cut off by the end is truncated inside that chunk; after a finish it is a normal end', () => {
    const cut = data(delta({ content: 'a' })) + 'data: {"choices":[{"ind';
    expect(decode(cut).error?.message).toBe('the stream ended inside chunk 2: "{\\"choices\\":[{\\"ind"');
    const afterFinish = data(finishChunk('stop')) + 'data: {"usage":{"prompt';
    expect(decode(afterFinish).error).toBeUndefined();
  });

  it('an error event cut off by the end is a provider error even after a finish', () => {
    const decoder = decode(`${data(finishChunk('stop'))}event: error\ndata: {"error": {"message": "late`);
    expect(decoder.error?.code).toBe('provider-error');
    expect(decoder.error?.message).toBe('provider error in chunk 2 (event: error): {"error": {"message": "late');
  });

  it('chunk objects (an SDK iterator) that end normally are a whole answer; none at all is truncated', () => {
    const one = new ChatStreamDecoder();
    one.feedChunk(delta({ content: 'x' }));
    one.end();
    expect(one.error).toBeUndefined();
    const none = new ChatStreamDecoder();
    none.end();
    expect(none.error?.message).toBe('the stream ended before any data');
  });
});

describe('events an SSE stream may carry', () => {
  it('ping events are keep-alives, whatever their data', () => {
    const decoder = decode(`event: ping\ndata: keep-alive\n\nevent: ping\ndata: {}\n\n${data('{"choices": [oops')}`);
    expect(decoder.error?.code).toBe('malformed-chunk');
    expect(decoder.error?.message).toBe('malformed chunk 1: not JSON: "{\\"choices\\": [oops"'); // the pings were no chunks
  });

  it("an error event's JSON is the provider's error, with or without an `error` wrapper, naming the chunk", () => {
    const wrapped = decode(`${data(delta({ content: 'a' }))}event: error\ndata: {"error":{"message":"boom"}}\n\n`);
    expect(wrapped.events).toEqual([{ type: 'text', text: 'a' }]);
    expect(wrapped.error?.message).toBe('provider error in chunk 2 (event: error): boom');
    expect(decode('event: error\ndata: {"message":"down","code":"server_error"}\n\n').error).toMatchObject({
      code: 'provider-error',
      providerMessage: 'down',
      providerCode: 'server_error',
      retryable: true,
    });
    expect(decode('event: error\ndata: 42\n\n').error?.message).toBe('provider error in chunk 1 (event: error): "42"');
    expect(decode('event: error\ndata: null\n\n').error?.message).toBe(
      'provider error in chunk 1 (event: error): "null"',
    );
    expect(decode('event: error\ndata: [1]\n\n').error?.message).toBe(
      'provider error in chunk 1 (event: error): "[1]"',
    );
  });

  it('a bare JSON error line is the provider error, named by the chunk it followed', () => {
    const decoder = decode(`${data(delta({ content: 'a' }))}{"error":{"message":"quota"}}\n\n`);
    expect(decoder.error?.message).toBe('provider error in a line after chunk 1: quota');
  });

  it('nothing is decoded after [DONE], not even in the same read', () => {
    const decoder = decode(
      `${data(delta({ content: 'x' }))}data: [DONE]\n\ndata: not json\n\n{"error":{"message":"late"}}\n\nevent: error\ndata: late\n\n`,
    );
    expect(decoder.sawDone).toBe(true);
    expect(decoder.error).toBeUndefined();
    expect(decoder.events).toEqual([{ type: 'text', text: 'x' }]);
  });

  it('nothing is decoded after the first fault: the first one stays', () => {
    const decoder = new ChatStreamDecoder();
    decoder.feedText(`${data('oops')}${data(delta({ content: 'later' }))}{"error":{"message":"later"}}\n\n`);
    decoder.feedChunk(delta({ content: 'an object' }));
    decoder.feedBytes(new TextEncoder().encode(data(delta({ content: 'bytes' }))));
    decoder.end();
    expect(decoder.events).toEqual([]);
    expect(decoder.error?.message).toBe('malformed chunk 1: not JSON: "oops"');
    expect(decoder.stopped).toBe(true);
  });
});

describe('chunk objects', () => {
  it('a chunk that throws when read is a malformed chunk that keeps the cause', () => {
    const decoder = new ChatStreamDecoder();
    const cause = new Error('bad getter');
    decoder.feedChunk({
      get choices() {
        throw cause;
      },
    });
    expect(decoder.error?.code).toBe('malformed-chunk');
    expect(decoder.error?.message).toBe('chunk 1: Error: bad getter');
    expect(decoder.error?.cause).toBe(cause);
  });
});

describe('limits', () => {
  it('a reply past maxReplyChars ends with a non-retryable too-large naming the cap and the chunk', () => {
    const decoder = decode(sse([delta({ content: 'x'.repeat(60) }), delta({ content: 'y'.repeat(60) })]), 100);
    expect(decoder.events.map((e) => (e.type === 'text' ? e.text.length : 0))).toEqual([60, 60]);
    expect(decoder.error).toMatchObject({ code: 'too-large', retryable: false });
    expect(decoder.error?.message).toBe(
      'the reply passed 100 characters (maxReplyChars) in chunk 2; the request was stopped',
    );
    expect(decoder.replyChars).toBe(120);
  });

  it('a chunk that passes the cap and carries an error keeps the error it carried', () => {
    const decoder = decode(
      data({ choices: [{ index: 0, delta: { content: 'x'.repeat(200) } }], error: { message: 'boom' } }),
      100,
    );
    expect(decoder.error?.code).toBe('provider-error');
    expect(decoder.events).toEqual([{ type: 'text', text: 'x'.repeat(200) }]);
  });

  it('one SSE event larger than six times the cap (plus 64 KiB) is too-large without being buffered whole', () => {
    const decoder = decode(`data: "${'z'.repeat(80_000)}`, 1000);
    expect(decoder.error).toMatchObject({ code: 'too-large', retryable: false });
    expect(decoder.error?.message).toBe('an SSE event passed 71536 characters after chunk 0; the request was stopped');
    const fits = decode(`${data(`"${'z'.repeat(70_000)}"`)}`, 1000);
    expect(fits.error?.code).toBe('malformed-chunk'); // read whole: a string is no chunk object
  });
});
