// Issue 35, class 2, as properties: recovered calls held while a reply may have begun inside
// reasoning. Whatever the prose and whitespace around them and however the stream is cut, the
// three things the holding must give are exact: while held, one text block of all the prose with
// the constructs left out (trimmed as one text); released, each prose its own trimmed text with
// the calls in place; turned into reasoning, the text before `</think>` exactly as written.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStreamParser, parseAssistantMessage } from '../../../../src/parser/index.js';
import { completeCalls } from './every-cut.js';
import { allDialects } from './dialect-examples.js';

const options = { protocol: allDialects, idPrefix: 'h' };

const CONSTRUCTS = [
  (n: number) => `<tool_call>\n{"name": "read_file", "arguments": {"path": "f${n}.ts"}}\n</tool_call>`,
  (n: number) => `<tool_call>read_file\n<arg_key>path</arg_key>\n<arg_value>f${n}.ts</arg_value>\n</tool_call>`,
  (n: number) =>
    `<|tool_calls_section_begin|><|tool_call_begin|>functions.read_file:0<|tool_call_argument_begin|>{"path": "f${n}.ts"}<|tool_call_end|><|tool_calls_section_end|>`,
  (n: number) =>
    `<function_calls>\n<invoke name="read_file">\n<parameter name="path">f${n}.ts</parameter>\n</invoke>\n</function_calls>`,
];

const space = fc.constantFrom('', ' ', '\n', '\n\n', ' \t', '\n  ');
/** Each construct stands on its own line (mid-sentence or indented, a call is an example: other tests). */
const onItsLine = (p: string, before: boolean) => (before ? `${p}\n` : `\n${p}`);
const word = fc.constantFrom('Reading', 'the file', 'then', 'ok.', 'and more', 'x');
/** Prose between constructs: words with whitespace around and between them, or whitespace only. */
const prose = fc
  .tuple(space, fc.array(fc.tuple(word, space), { maxLength: 3 }))
  .map(([lead, words]) => lead + words.map(([w, s]) => w + s).join(''));

/** A reply: prose, then each construct followed by prose; the constructs as written and the prose apart. */
const reply = fc
  .tuple(
    prose,
    fc.array(fc.tuple(fc.integer({ min: 0, max: CONSTRUCTS.length - 1 }), prose), { minLength: 1, maxLength: 4 }),
  )
  .map(([first, rest]) => {
    const constructs = rest.map(([kind], i) => CONSTRUCTS[kind]!(i));
    const raw = [first, ...rest.map(([, p]) => p)];
    const proses = raw
      .map((p, i) => (i > 0 ? onItsLine(p, false) : p))
      .map((p, i) => (i < constructs.length ? onItsLine(p, true) : p));
    const text = proses[0] + constructs.map((c, i) => c + proses[i + 1]).join('');
    return { text, proses, constructs };
  });

/** Cut points for a text of length n. */
const cutsOf = (n: number) => fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, n - 1) }), { maxLength: 6 });

/** Pushes `text` cut at `cuts`; returns the last snapshot and the final blocks. */
function stream(text: string, cuts: number[]) {
  const parser = createStreamParser(options);
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    parser.push(text.slice(from, cut));
    from = cut;
  }
  const last = parser.push(text.slice(from));
  return { last, final: parser.end({ finishReason: 'stop' }) };
}

describe('held calls, as properties over prose, whitespace and cuts', () => {
  it('while held: one text block, all the prose without the constructs, trimmed as one text', () => {
    fc.assert(
      fc.property(reply, ({ text, proses }) => {
        // the last construct is closed: cut just after it, before any prose that follows
        const shown = proses.join('').trim();
        const blocks = parseAssistantMessage(text, options);
        expect(blocks).toEqual(shown === '' ? [] : [{ type: 'text', content: shown, partial: true }]);
      }),
    );
  });

  it('released at the end: each prose its own trimmed text, the calls in place, at any cuts', () => {
    fc.assert(
      fc.property(
        reply.chain((r) => fc.tuple(fc.constant(r), cutsOf(r.text.length))),
        ([{ text, proses, constructs }, cuts]) => {
          const expected: unknown[] = [];
          proses.forEach((p, i) => {
            if (p.trim() !== '') expected.push(p.trim());
            if (i < constructs.length) expected.push(`f${i}.ts`);
          });
          const { final } = stream(text, cuts);
          const got = final.map((b) => (b.type === 'text' ? b.content : b.type === 'tool_use' ? b.params.path : b));
          expect(got).toEqual(expected);
          expect(final).toEqual(parseAssistantMessage(text, { ...options, final: true, finishReason: 'stop' }));
        },
      ),
    );
  });

  it('turned into reasoning by a later </think>: the text before it exactly as written, and no held call runs', () => {
    const real = CONSTRUCTS[0]!(99);
    fc.assert(
      fc.property(
        reply.chain((r) => fc.tuple(fc.constant(r), cutsOf(r.text.length + 20))),
        ([{ text }, cuts]) => {
          const whole = `${text}\n</think>\n${real}`;
          const { final } = stream(whole, cuts);
          expect(final[0]).toEqual({ type: 'reasoning', reasoning: text.trim(), partial: false });
          expect(completeCalls(final).map(([, p]) => p.path)).toEqual(['f99.ts']);
        },
      ),
    );
  });
});
