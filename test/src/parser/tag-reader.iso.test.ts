// Reading one tag candidate at a '<': complete `<name>` / `</name>`, unfinished at the end of the
// input (the name so far), or no tag at all (other characters, an empty name, a name too long).
import { describe, expect, it } from 'vitest';
import { readTag, TAG_COMPLETE, TAG_INCOMPLETE, TAG_NONE, type TagRecord } from '../../../src/parser/tag-reader.js';

function read(input: string, maxName = 20, lt = input.indexOf('<')) {
  const out: TagRecord = { closing: false, name: '', end: 0 };
  const kind = readTag(input, lt, maxName, out);
  return { kind, ...out };
}

describe('readTag', () => {
  it('reads an open and a close tag: name, whether it closes, and the index after its ">"', () => {
    expect(read('ab<path>cd')).toEqual({ kind: TAG_COMPLETE, closing: false, name: 'path', end: 8 });
    expect(read('ab</path>cd')).toEqual({ kind: TAG_COMPLETE, closing: true, name: 'path', end: 9 });
  });

  it('a tag the input ends inside is unfinished, with the name so far', () => {
    expect(read('ab<')).toMatchObject({ kind: TAG_INCOMPLETE, closing: false, name: '' });
    expect(read('ab</')).toMatchObject({ kind: TAG_INCOMPLETE, closing: true, name: '' });
    expect(read('ab<pa')).toMatchObject({ kind: TAG_INCOMPLETE, closing: false, name: 'pa' });
    expect(read('ab</pa')).toMatchObject({ kind: TAG_INCOMPLETE, closing: true, name: 'pa' });
  });

  it('a record reused from an earlier tag is reset: an open tag after a close tag does not close', () => {
    const out: TagRecord = { closing: true, name: 'old', end: 99 };
    expect(readTag('<', 0, 20, out)).toBe(TAG_INCOMPLETE);
    expect(out).toMatchObject({ closing: false, name: '' });
    out.closing = true;
    expect(readTag('<a>', 0, 20, out)).toBe(TAG_COMPLETE);
    expect(out).toEqual({ closing: false, name: 'a', end: 3 });
  });

  it('an empty name, a space, an attribute or any other character after the name is no tag', () => {
    for (const input of ['<>', '</>', '< a>', '<a b>', '<a/>', '<a=>', '<a\n>', '<a<b>', '</a b>'])
      expect(read(input).kind, input).toBe(TAG_NONE);
  });

  it('names are letters, digits, "_", "." and "-"; the characters next to those ranges are not', () => {
    for (const name of ['az', 'AZ', '09', 'a_b', 'a.b', 'a-b', 'Read_File.v2-x'])
      expect(read(`<${name}>`), name).toMatchObject({ kind: TAG_COMPLETE, name });
    for (const c of ['`', '{', '@', '[', '/', ':', ',', '^', '~', '\u00e9'])
      expect(read(`<a${c}b>`).kind, c).toBe(TAG_NONE);
  });

  it('a name of exactly maxName characters counts; one longer is never a tag, finished or not', () => {
    expect(read('<abcd>', 4)).toMatchObject({ kind: TAG_COMPLETE, name: 'abcd' });
    expect(read('</abcd>', 4)).toMatchObject({ kind: TAG_COMPLETE, name: 'abcd' });
    expect(read('<abcd', 4)).toMatchObject({ kind: TAG_INCOMPLETE, name: 'abcd' });
    expect(read('<abcde>', 4).kind).toBe(TAG_NONE);
    expect(read('<abcde', 4).kind).toBe(TAG_NONE);
    expect(read('</abcde', 4).kind).toBe(TAG_NONE);
  });

  it('reads at the given "<", not the first one', () => {
    expect(read('<x <y>', 20, 3)).toEqual({ kind: TAG_COMPLETE, closing: false, name: 'y', end: 6 });
  });
});
