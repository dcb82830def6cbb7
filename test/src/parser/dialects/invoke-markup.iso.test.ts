// The invoke markup's patterns made for a mark (invoke-markup.ts) against the reading they replaced:
// Anthropic's fixed patterns, run on DSML bodies after their mark was dropped from the whole body.
// Any body built from the markup's pieces (tags whole, cut, misspelt, spaced, with attributes,
// several invokes, JSON arguments, junk between) decodes to the same calls, with Anthropic's tags
// and marked as DSML marks them; and the fence around DeepSeek's JSON is taken off in place as
// unfence does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allOffered,
  isBlank,
  paramsFromArguments,
  paramsFromFencedJsonIn,
  paramsFromJson,
  parseJson,
  unfence,
  xmlValue,
} from '../../../../src/parser/dialects/call-values.js';
import { decodeInvokes, decodeInvokesWith, invokeTags } from '../../../../src/parser/dialects/invoke-markup.js';
import type { DecodeContext, DecodedCall } from '../../../../src/parser/dialects/recognizer.js';

const context: DecodeContext = {
  hasTool: (name) => name === 'read_file' || name === 'write_to_file' || name === 'a b',
  isRaw: (tool, param) => tool === 'write_to_file' && param === 'content',
};

/** The reading replaced (the fixed patterns of the previous anthropic.ts), as the oracle. */
function byPatterns(body: string): DecodedCall[] | undefined {
  const INVOKE = /<invoke\s+name\s*=\s*"([^"]+)"\s*>/g;
  const PARAM = /<parameter\s+name\s*=\s*"([^"]+)"(?:\s+[\w-]+\s*=\s*"[^"]*")*\s*>/g;
  const next = (re: RegExp, text: string, from: number) => {
    re.lastIndex = from;
    const m = re.exec(text);
    return m === null ? text.length : m.index;
  };
  const calls: DecodedCall[] = [];
  let last = 0;
  for (let m = INVOKE.exec(body); m !== null; m = INVOKE.exec(body)) {
    if (!isBlank(body, last, m.index)) return undefined;
    const name = m[1] as string;
    const start = m.index + m[0].length;
    const end = body.lastIndexOf('</invoke>', next(/<invoke\s+name\s*=/g, body, start));
    if (end < start) return undefined;
    const inner = body.slice(start, end);
    const params: Record<string, string> = {};
    let pLast = 0;
    for (let p = PARAM.exec(inner); p !== null; p = PARAM.exec(inner)) {
      if (!isBlank(inner, pLast, p.index)) return undefined;
      const vStart = p.index + p[0].length;
      const vEnd = inner.lastIndexOf('</parameter>', next(/<parameter\s+name\s*=/g, inner, vStart) - 12);
      if (vEnd < vStart) return undefined;
      params[p[1] as string] = xmlValue(context, name, p[1] as string, inner, vStart, vEnd);
      pLast = vEnd + 12;
      PARAM.lastIndex = pLast;
    }
    if (!isBlank(inner, pLast, inner.length)) {
      const json = pLast === 0 ? paramsFromArguments(parseJson(inner)) : undefined;
      if (json === undefined) return undefined;
      Object.assign(params, json);
    }
    calls.push({ name, params });
    last = end + 9;
    INVOKE.lastIndex = last;
  }
  if (!isBlank(body, last, body.length)) return undefined;
  return allOffered(calls, context);
}

const space = fc.constantFrom('', ' ', '\n', '\t', '  \n');
const name = fc.constantFrom('read_file', 'write_to_file', 'a b', 'nope', '');
const text = fc.constantFrom('a.ts', '\nline\n', ' x ', '', 'a < b', '"q"', '</para', 'x>y');
const attribute = fc.constantFrom('', ' string="true"', ' string = "false"', ' x-y="1" z_1="2"', ' bad', ' k="v');
const piece = fc.oneof(
  fc.tuple(space, name, space).map(([s, n, t]) => `<invoke${s || ' '}name${s}=${t}"${n}"${s}>`),
  fc.tuple(space, name, attribute, text).map(([s, n, a, v]) => `<parameter name${s}="${n}"${a}>${v}</parameter>`),
  fc.tuple(name, space).map(([n, s]) => `<parameter name="${n}"${s}>`),
  fc.constantFrom(
    '</invoke>',
    '</parameter>',
    '<invoke name=',
    '<invokename="read_file">',
    '<parametername="path">v</parameter>',
    '<invoke\tname="read_file">',
  ),
  fc.constantFrom('{"path": "a.ts"}', '{"path": 1}', '{}', '[1]', 'junk', '<parameter name="">v</parameter>'),
  space,
);
const body = fc.array(piece, { maxLength: 10 }).map((p) => p.join(''));

/** A well-formed body of one to three invokes, so that the property is not only about refusals. */
const tail = fc.constantFrom('', '', '{"path": "b.ts"}', 'junk');
const invokeOpening = fc.constantFrom('<invoke name=', '<invoke\tname = ', '<invokename=', '<invoke nam=');
const parameterOpening = fc.constantFrom('<parameter name=', '<parameter\nname =', '<parametername=');
const call = fc
  .tuple(
    invokeOpening,
    name,
    fc.array(fc.tuple(parameterOpening, name, attribute, text), { maxLength: 3 }),
    space,
    tail,
  )
  .map(
    ([open, n, params, s, t]) =>
      `${open}"${n}">${s}${params.map(([o, p, a, v]) => `${o}"${p}"${a}>${v}</parameter>${s}`).join('')}${t}</invoke>${s}`,
  );
const wellFormed = fc.array(call, { minLength: 1, maxLength: 3 }).map((c) => c.join(''));

describe('invoke markup read by patterns made for its mark', () => {
  it('decodes any body of its pieces to the calls the patterns found', () => {
    fc.assert(
      fc.property(fc.oneof(body, wellFormed), (b) => {
        expect(decodeInvokes(b, context)).toEqual(byPatterns(b));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads some well-formed bodies as calls (the property above is not only refusals)', () => {
    const calls = decodeInvokes(
      '\n<invoke name="read_file">\n<parameter name="path" string="true">a.ts</parameter>\n</invoke>\n',
      context,
    );
    expect(calls).toEqual([{ name: 'read_file', params: { path: 'a.ts' } }]);
  });

  it("reads DSML's marked tags as the patterns read the body with the mark dropped", () => {
    const mark = '｜DSML｜';
    const tags = invokeTags(mark);
    fc.assert(
      fc.property(wellFormed, (b) => {
        const markIn = (t: string) => t.replace(/<(\/?)(invoke|parameter)/g, `<$1${mark}$2`);
        // a value holding tag text keeps it as written, marked (the mark is no longer dropped everywhere)
        const expected = byPatterns(b)?.map((c) => ({
          name: c.name,
          params: Object.fromEntries(Object.entries(c.params).map(([k, v]) => [k, markIn(v)])),
        }));
        expect(decodeInvokesWith(markIn(b), context, tags)).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('a fenced JSON object read in place', () => {
  const part = fc.constantFrom('```', '```json', '\n', ' ', '{"path": "a.ts"}', '{"x": 1}', '`', 'x', '{');
  it('gives the parameters unfence then the JSON reader give, at any bounds', () => {
    fc.assert(
      fc.property(fc.array(part, { maxLength: 8 }), fc.nat(), fc.nat(), (parts, i, j) => {
        const t = parts.join('');
        const from = i % (t.length + 1);
        const to = from + (j % (t.length - from + 1));
        expect(paramsFromFencedJsonIn(t, from, to)).toEqual(paramsFromJson(unfence(t.slice(from, to))));
      }),
      { numRuns: 3000 },
    );
  });
});
