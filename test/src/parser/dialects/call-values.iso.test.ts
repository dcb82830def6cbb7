// The in-place reading of JSON arguments (paramsFromJsonIn) against the general way it stands for:
// JSON.parse and paramsFromArguments. Any text, JSON-like or not, gives the same parameters; and
// the XML-style value cut in place against the trim or line-break strip it stands for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  callFromJsonObject,
  paramsFromArguments,
  paramsFromJsonIn,
  parseJsonIn,
  xmlValue,
} from '../../../../src/parser/dialects/call-values.js';
import { plainCallObject } from '../../../../src/parser/dialects/plain-json.js';

const general = (text: string, from: number, to: number) => paramsFromArguments(parseJsonIn(text, from, to));

/** Keys and values near the edges of the plain case: escapes, quotes, control characters, prototype names. */
const atom = fc.constantFrom(
  'a',
  'path',
  '1',
  '01',
  '__proto__',
  'constructor',
  '',
  ' ',
  '\\n',
  '\\"',
  '\n',
  '\t',
  'é',
  '😀',
  '\u2028',
  '<|call|>',
);
const piece = fc.array(atom, { maxLength: 3 }).map((p) => p.join(''));
const space = fc.constantFrom('', ' ', '\n', '\t', '\r\n', '\u00a0');
const value = fc.oneof(
  piece.map((v) => `"${v}"`),
  fc.constantFrom('1', '-2.5', 'true', 'null', '{}', '{"x": "y"}', '["a"]', '"a', 'x'),
);
const entry = fc.tuple(piece, space, space, value, space).map(([k, s1, s2, v, s3]) => `"${k}"${s1}:${s2}${v}${s3}`);
const object = fc
  .tuple(
    space,
    fc.array(entry, { maxLength: 4 }),
    space,
    fc.constantFrom(',', ', ', ''),
    fc.constantFrom('}', '}}', ''),
  )
  .map(([lead, entries, trail, sep, close]) => `${lead}{${entries.join(sep)}${close}${trail}`);

describe('paramsFromJsonIn', () => {
  it('gives what JSON.parse and paramsFromArguments give, for any text in place', () => {
    fc.assert(
      fc.property(object, fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), (text, before, after) => {
        const whole = `${before}${text}${after}`;
        const from = before.length;
        const to = from + text.length;
        const got = paramsFromJsonIn(whole, from, to);
        const want = general(whole, from, to);
        expect(got).toEqual(want);
        if (want !== undefined) expect(Object.keys(got!)).toEqual(Object.keys(want));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads plain objects in place and leaves the rest to JSON.parse', () => {
    expect(paramsFromJsonIn('x {"path": "a.ts", "n": "1"} y', 1, 29)).toEqual({ path: 'a.ts', n: '1' });
    expect(paramsFromJsonIn('{"2": "b", "1": "a", "k": "c"}', 0, 30)).toEqual({ 1: 'a', 2: 'b', k: 'c' });
    expect(paramsFromJsonIn('{"a": "x\\ny"}', 0, 13)).toEqual({ a: 'x\ny' });
    expect(paramsFromJsonIn('{"a": 1, "b": true}', 0, 19)).toEqual({ a: '1', b: 'true' });
    expect(paramsFromJsonIn('{"a": "x"}}', 0, 11)).toBeUndefined();
    expect(paramsFromJsonIn('{"a": "x\ny"}', 0, 12)).toBeUndefined();
    expect(paramsFromJsonIn('{"a"\u00a0: "x"}', 0, 12)).toBeUndefined();
    expect(paramsFromJsonIn('{}', 0, 2)).toEqual({});
    expect(Object.keys(paramsFromJsonIn('{"__proto__": "x", "a": "b"}', 0, 28)!)).toEqual(['a']);
  });
});

describe('plainCallObject', () => {
  const callKey = fc.constantFrom('name', 'arguments', 'parameters', 'args', 'function', 'type', 'nam');
  const member = fc
    .tuple(callKey, space, space, fc.oneof(value, object), space)
    .map(([k, s1, s2, v, s3]) => `"${k}"${s1}:${s2}${v}${s3}`);
  const word = fc.oneof(fc.constantFrom('a', 'path', 'read_file', 'é😀', '', '__proto__', 'x y', '<|call|>'), piece);
  const plainArgs = fc
    .array(fc.tuple(word, word), { maxLength: 3 })
    .map((pairs) => `{${pairs.map(([k, v]) => `"${k}": "${v}"`).join(', ')}}`);
  // most often the usual two members (a name, then or before the arguments), each perhaps off
  const usual = fc
    .tuple(
      word,
      fc.constantFrom('arguments', 'parameters', 'args', 'argument'),
      fc.oneof(plainArgs, object),
      fc.boolean(),
    )
    .map(([name, key, args, swap]) => {
      const pair = [`"name": "${name}"`, `"${key}": ${args}`];
      return swap ? pair.reverse() : pair;
    });
  const members = fc.oneof(usual, fc.array(member, { minLength: 1, maxLength: 3 }));
  const call = fc
    .tuple(space, members, space, fc.constantFrom(',', ', ', ',\n', ''))
    .map(([lead, list, trail, sep]) => `${lead}{${list.join(sep)}}${trail}`);
  const context = { hasTool: () => true, isRaw: () => false };
  const general = (text: string) => {
    const parsed = parseJsonIn(text, 0, text.length);
    return parsed === undefined ? undefined : callFromJsonObject(parsed, context);
  };

  it('reads a call only as JSON.parse and the general reader would', () => {
    fc.assert(
      fc.property(call, (text) => {
        const got = plainCallObject(text);
        if (got !== undefined) {
          const want = general(text);
          expect(got).toEqual(want);
          expect(Object.keys(got.params)).toEqual(Object.keys(want!.params));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the usual call in place, in either order, and leaves every other shape', () => {
    const usual = { name: 'read_file', params: { path: 'a.ts' } };
    expect(plainCallObject('{"name": "read_file", "arguments": {"path": "a.ts"}}')).toEqual(usual);
    expect(plainCallObject(' {"args":{"path":"a.ts"},"name":"read_file"}\n')).toEqual(usual);
    expect(plainCallObject('{"name": "read_file", "parameters": {}}')).toEqual({ name: 'read_file', params: {} });
    expect(plainCallObject('{"name": "read_file", "arguments": {"n": 1}}')).toBeUndefined();
    expect(plainCallObject('{"name": "read_file", "arguments": "{}"}')).toBeUndefined();
    expect(plainCallObject('{"function": {"name": "read_file", "arguments": {}}}')).toBeUndefined();
    expect(plainCallObject('{"name": "a", "name": "b", "arguments": {}}')).toBeUndefined();
    expect(plainCallObject('{"name": "read_file", "arguments": {}} x')).toBeUndefined();
  });
});

describe('xmlValue', () => {
  /** What it stands for: raw parameters lose one leading and one trailing line break, others are trimmed. */
  const reference = (raw: boolean, value: string) =>
    raw ? value.replace(/^(?:\r\n|\r|\n)/, '').replace(/(?:\r\n|\r|\n)$/, '') : value.trim();
  const edge = fc.constantFrom('', ' ', '\n', '\r', '\r\n', '\n\n', '\t', '\u00a0', '\n ', ' \n', '\r\r');
  const middle = fc.constantFrom('', 'a', 'a b', 'x\ny', ' ', '\n', 'é😀');

  it('gives the raw or trimmed value, for any value with whitespace at its edges, cut in place', () => {
    fc.assert(
      fc.property(fc.boolean(), edge, middle, edge, fc.string({ maxLength: 2 }), (raw, lead, mid, trail, around) => {
        const value = `${lead}${mid}${trail}`;
        const text = `${around}${value}${around}`;
        const context = { hasTool: () => true, isRaw: () => raw };
        const from = around.length;
        expect(xmlValue(context, 't', 'p', text, from, from + value.length)).toBe(reference(raw, value));
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps a raw value's inner line breaks and indentation, and trims a plain one", () => {
    const raw = { hasTool: () => true, isRaw: () => true };
    const plain = { hasTool: () => true, isRaw: () => false };
    expect(xmlValue(raw, 't', 'p', '\n  x\n\n', 0, 6)).toBe('  x\n');
    expect(xmlValue(plain, 't', 'p', '\n  x\n\n', 0, 6)).toBe('x');
    expect(xmlValue(raw, 't', 'p', '<v>\nx\n</v>', 3, 6)).toBe('x');
  });
});
