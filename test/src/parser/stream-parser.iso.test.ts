// The stream form's own contract: write() defers work until blocks are read, blocks is cached
// until the next write, misuse is refused with an error that names what was passed, and the pure
// form reads anything as text.
import { describe, expect, it } from 'vitest';
import { createStreamParser, parseAssistantMessage } from '../../../src/parser/index.js';

describe('write and blocks', () => {
  it('chunks written without reading give, once read, the answer pushing them would have given', () => {
    const chunks = ['Hi <read', '_file><path>a', '.ts</path></read_file> and ', 'more'];
    const written = createStreamParser({ idPrefix: 'p' });
    for (const c of chunks) written.write(c);
    const pushed = createStreamParser({ idPrefix: 'p' });
    let last: unknown;
    for (const c of chunks) last = pushed.push(c);
    expect(written.blocks).toEqual(last);
  });

  it('more than 16 KB written without reading is read right, however it was cut', () => {
    const file = 'x'.repeat(20_000);
    const text = `<write_to_file><path>big</path><content>\n${file}\n</content></write_to_file>`;
    const parser = createStreamParser();
    for (let i = 0; i < text.length; i += 7) parser.write(text.slice(i, i + 7));
    expect(parser.blocks).toEqual(parseAssistantMessage(text));
    expect(parser.end()).toEqual(parseAssistantMessage(text, { final: true }));
  });

  it('the answer is cached until the next write: reading twice gives the same array', () => {
    const parser = createStreamParser();
    parser.write('Hello');
    const first = parser.blocks;
    expect(parser.blocks).toBe(first);
    parser.write(' there');
    expect(parser.blocks).not.toBe(first);
    expect(parser.blocks).toEqual([{ type: 'text', content: 'Hello there', partial: true }]);
  });
});

describe('misuse', () => {
  it('a chunk that is not a string is refused with an error that names what it is', () => {
    const named = (value: unknown) => {
      try {
        createStreamParser().write(value as string);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(named(undefined)).toBe('write() expects a string chunk, got undefined');
    expect(named(null)).toBe('write() expects a string chunk, got null');
    expect(named(42)).toBe('write() expects a string chunk, got number');
    expect(named({})).toBe('write() expects a string chunk, got Object');
    expect(named(new Uint8Array(1))).toBe('write() expects a string chunk, got Uint8Array');
    expect(named(Object.create(null))).toBe('write() expects a string chunk, got an object');
  });
});

describe('the pure form', () => {
  it('refuses a value that is not a string, naming it', () => {
    expect(() => parseAssistantMessage(42 as never, { final: true })).toThrow(
      "parseAssistantMessage: expected the reply's text as a string, got number",
    );
  });
});
