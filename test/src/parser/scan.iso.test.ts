// The scanner across chunk boundaries and at the end: what a cut right after a backtick, inside
// a value's close tag, or after a raw value's fake close tag must (and must not) hold back.
import { describe, expect, it } from 'vitest';
import { createStreamParser, parseAssistantMessage, ParserError } from '../../../src/parser/index.js';

const WRITE = '<write_to_file><path>x</path><content>';

function pushAll(chunks: string[]) {
  const parser = createStreamParser({ idPrefix: 'p' });
  let blocks: unknown;
  for (const c of chunks) blocks = parser.push(c);
  return { blocks, end: () => parser.end() };
}

describe('inline code across chunks', () => {
  it('an open tag right after a backtick stays text however the chunks are cut around it', () => {
    const text = 'Use `<read_file>` to read.';
    const whole = [{ type: 'text', content: text, partial: false }];
    for (const chunks of [
      ['Use `<read_fi', 'le>` to read.'],
      ['Use `', '<read_fi', 'le>` to read.'],
      ['Use `', '<', 'read_file>` to read.'],
    ])
      expect(pushAll(chunks).end(), chunks.join('|')).toEqual(whole);
  });
});

describe('the end of the stream', () => {
  it("a value whose input ends inside its close tag keeps what arrived, the close tag's start included", () => {
    expect(parseAssistantMessage(`${WRITE}abc</cont`, { final: true })).toEqual([
      {
        type: 'tool_use',
        name: 'write_to_file',
        params: { path: 'x', content: 'abc</cont' },
        partial: true,
        call_id: 'call_0',
      },
    ]);
    expect(parseAssistantMessage('<read_file><path>a.t</pa', { final: true })).toEqual([
      { type: 'tool_use', name: 'read_file', params: { path: 'a.t</pa' }, partial: true, call_id: 'call_0' },
    ]);
  });

  it('call ids start with "call" when no idPrefix is given', () => {
    const parser = createStreamParser();
    expect(parser.push('Hi <read_file><path>a</path></read_file>')).toEqual([
      { type: 'text', content: 'Hi', partial: false },
      { type: 'tool_use', name: 'read_file', params: { path: 'a' }, partial: false, call_id: 'call_3' },
    ]);
  });

  it('the errors it throws are ParserErrors, also for instanceof', () => {
    const parser = createStreamParser();
    parser.end();
    let caught: unknown;
    try {
      parser.end();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ParserError);
    expect(new Error('other')).not.toBeInstanceOf(ParserError);
  });
});

describe("after a raw value's fake close tag, only what may still confirm it is held back", () => {
  const content = (chunks: string[]) => {
    const { blocks } = pushAll([WRITE, ...chunks]);
    return (blocks as { params: Record<string, string> }[])[0].params.content;
  };

  it("an unfinished tag of another of its parameters, or of the tool's close, is held back", () => {
    expect(content(['a</content>\n<pa'])).toBe('a');
    expect(content(['a</content>\n</write_to'])).toBe('a');
  });

  it('what is no tag, a tag of no parameter, or the same parameter again is content at once', () => {
    expect(content(['a</content><p>b</content>< c'])).toBe('a</content><p>b</content>< c');
    expect(content(['a</content><zzz'])).toBe('a</content><zzz');
    expect(content(['a</content><content'])).toBe('a</content><content');
  });
});
