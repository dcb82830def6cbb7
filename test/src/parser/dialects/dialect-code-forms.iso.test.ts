// Class 1 of issue 35: a call shown in any Markdown code form is an example and never runs, in
// every dialect — `~~~` fences, a fence of four backticks holding a three-backtick line, indented
// code, blockquotes, <pre> and <code>, inline code with padding spaces or double backticks. The
// code form ends where Markdown ends it: a real call after it still runs. One-shot and at every cut.
import { describe, expect, it } from 'vitest';
import {
  createStreamParser,
  parseAssistantMessage,
  type AssistantMessageContent,
} from '../../../../src/parser/index.js';
import { CODE_FORMS } from './code-forms.js';
import { allDialects, DIALECT_EXAMPLES } from './dialect-examples.js';

const options = { protocol: allDialects, idPrefix: 'c' };
const final = (text: string) => parseAssistantMessage(text, { ...options, final: true });
const complete = (blocks: AssistantMessageContent[]) =>
  blocks.flatMap((b) => (b.type === 'tool_use' && !b.partial ? [{ name: b.name, params: b.params }] : []));
const allText = (blocks: AssistantMessageContent[]) =>
  blocks.flatMap((b) => (b.type === 'text' ? [b.content] : b.type === 'reasoning' ? [b.reasoning] : [])).join('\n');

const REAL = '<tool_call>\n{"name": "read_file", "arguments": {"path": "real.ts"}}\n</tool_call>';

describe.each(CODE_FORMS)('an example in $name', (form) => {
  it.each(DIALECT_EXAMPLES)('$name never runs, and the prose stays', (example) => {
    const text = form.wrap(example.text);
    const blocks = final(text);
    expect(complete(blocks)).toEqual([]);
    expect(allText(blocks)).toContain('but not now.');
  });

  it.each(DIALECT_EXAMPLES.filter((e) => !['json', 'json fenced', 'pythonic', 'html-escaped'].includes(e.name)))(
    '$name: a real call after the code form still runs',
    (example) => {
      const text = `${form.wrap(example.text)}\n\nNow for real:\n${REAL}`;
      expect(complete(final(text))).toEqual([{ name: 'read_file', params: { path: 'real.ts' } }]);
    },
  );

  it('no cut of the stream runs the example, and every cut ends as the whole', () => {
    for (const example of DIALECT_EXAMPLES) {
      const text = form.wrap(example.text);
      const whole = final(text);
      for (let cut = 0; cut <= text.length; cut++) {
        const parser = createStreamParser(options);
        expect(complete(parser.push(text.slice(0, cut)))).toEqual([]);
        expect(complete(parser.push(text.slice(cut)))).toEqual([]);
        expect(parser.end(), `${example.name} cut at ${cut}`).toEqual(whole);
      }
    }
  });
});

describe('Markdown that is not a code form', () => {
  it('a closed inline span, a closed fence, a quote ended by a blank line: the call after them runs', () => {
    for (const before of [
      'I ran `ls` and `cat`.',
      '```\ncode\n```',
      '~~~\ncode\n~~~',
      '> a quote\n',
      '    indented\n',
      '<pre>x</pre>',
      'a < b and c > d',
      '<code>x</code> and <precious> things',
    ]) {
      expect(complete(final(`${before}\n\n${REAL}`)), before).toEqual([
        { name: 'read_file', params: { path: 'real.ts' } },
      ]);
    }
  });

  it('an element whose name only starts like pre or code is no code form', () => {
    expect(complete(final(`<prelude> and <codex> here.\n${REAL}`))).toHaveLength(1);
  });
});
