import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPartialJsonObjectReader } from '../../../src/reply/partial-json-object.js';

function readAll(pieces: string[]) {
  const reader = createPartialJsonObjectReader();
  for (const p of pieces) reader.push(p);
  return reader;
}

function splitAt(text: string, cuts: number[]): string[] {
  const points = [0, ...[...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b), text.length];
  const out: string[] = [];
  for (let i = 0; i + 1 < points.length; i++) out.push(text.slice(points[i], points[i + 1]));
  return out;
}

const expectedParams = (obj: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));

describe('partial JSON object reader', () => {
  it('shows string values as they arrive, escapes decoded', () => {
    const reader = createPartialJsonObjectReader();
    reader.push('{"path": "src/a');
    expect(reader.params).toEqual({ path: 'src/a' });
    reader.push('.ts", "content": "line1\\');
    expect(reader.params).toEqual({ path: 'src/a.ts', content: 'line1' });
    reader.push('nline2 \\u00e');
    expect(reader.params).toEqual({ path: 'src/a.ts', content: 'line1\nline2 ' });
    reader.push('9\\ud83d\\ude00"}');
    expect(reader.params).toEqual({ path: 'src/a.ts', content: 'line1\nline2 é😀' });
    expect(reader.failed).toBe(false);
  });

  it('a key shows up only once its value starts', () => {
    const reader = readAll(['{"pa', 'th"', ': ']);
    expect(reader.params).toEqual({});
    reader.push('"');
    expect(reader.params).toEqual({ path: '' });
  });

  it('non-string values as their JSON text, nested ones too', () => {
    const reader = readAll(['{"n": 12', '3, "ok": true, "list": [1, {"a": "]"}', '], "o": {"x": null}}']);
    expect(reader.params).toEqual({ n: '123', ok: 'true', list: '[1, {"a": "]"}]', o: '{"x": null}' });
  });

  it('keeps the params object while nothing changed, and a new one after a change', () => {
    const reader = readAll(['{"a": "x"']);
    const first = reader.params;
    expect(reader.params).toBe(first);
    reader.push(' ');
    expect(reader.params).toBe(first);
    reader.push(', "b": "y"');
    expect(reader.params).not.toBe(first);
  });

  it('stops at text that is not a JSON object and keeps what it read', () => {
    const reader = readAll(['{"a": "x", oops']);
    expect(reader.failed).toBe(true);
    expect(reader.params).toEqual({ a: 'x' });
    expect(readAll(['[1,2]']).failed).toBe(true);
    expect(readAll(['{"a": "\\q"}']).failed).toBe(true);
  });

  it('a "__proto__" key is an ordinary own property', () => {
    const params = readAll(['{"__proto__": "x"}']).params;
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(Object.keys(params)).toEqual(['__proto__']);
    expect(params['__proto__' as 'x']).toBe('x');
  });

  it('property: any flat object split anywhere reads as JSON.parse would', () => {
    const value = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), value, { maxKeys: 5 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        (obj, cuts, pretty) => {
          const text = JSON.stringify(obj, null, pretty ? 2 : undefined);
          const reader = readAll(splitAt(text, cuts));
          expect(reader.failed).toBe(false);
          // Non-string values are shown as the JSON text that came, layout included.
          const parsed = JSON.parse(text) as Record<string, unknown>;
          const shown = Object.fromEntries(
            Object.entries(reader.params).map(([k, v]) => [
              k,
              typeof parsed[k] === 'string' ? v : JSON.stringify(JSON.parse(v)),
            ]),
          );
          expect(shown).toEqual(expectedParams(parsed));
          if (!pretty) expect(reader.params).toEqual(expectedParams(parsed));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: every prefix shows a prefix of each final string value', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.string({ maxLength: 10 }), {
          minKeys: 1,
          maxKeys: 3,
        }),
        (obj) => {
          const text = JSON.stringify(obj);
          const reader = createPartialJsonObjectReader();
          for (const ch of text) {
            reader.push(ch);
            for (const [k, v] of Object.entries(reader.params)) expect(obj[k].startsWith(v)).toBe(true);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
