// An opener that turns out to be a word of a sentence does not hide the calls after it: the close
// of a later opener belongs to that one (`Use <tool_call> blocks. <tool_call>{…}</tool_call>`), and
// at the reply's end an unclosed opener in a sentence is text while what followed it is read
// again. A construct cut off by the end of the stream stays text whole, whatever it holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStreamParser, parseAssistantMessage } from '../../../../src/parser/index.js';
import { allDialects } from './dialect-examples.js';

const final = (text: string) => parseAssistantMessage(text, { protocol: allDialects, final: true });
const calls = (text: string) =>
  final(text).flatMap((b) => (b.type === 'tool_use' && !b.partial ? [[b.name, b.params, b.dialect ?? 'cline']] : []));
const HERMES_A = '<tool_call>{"name": "read_file", "arguments": {"path": "a.ts"}}</tool_call>';

describe('a later call after an opener named in a sentence', () => {
  it('the close belongs to the last opener: the prose stays text, the call counts', () => {
    expect(final(`Use <tool_call> blocks. ${HERMES_A}`)).toEqual([
      { type: 'text', content: 'Use <tool_call> blocks.', partial: false },
      expect.objectContaining({ type: 'tool_use', name: 'read_file', params: { path: 'a.ts' }, dialect: 'hermes' }),
    ]);
  });

  it('its call id is where its own opener is, as if the mention were not there', () => {
    const text = `Use <tool_call> blocks. ${HERMES_A}`;
    const [, call] = final(text);
    expect(call).toMatchObject({ call_id: `call_${text.indexOf(HERMES_A)}` });
  });

  it('not when the later opener is inline code, or a tag or a fence lies between them', () => {
    expect(calls(`Use <tool_call> and \`${HERMES_A}\``)).toEqual([]);
    expect(calls(`Use <tool_call> and <b>bold</b> ${HERMES_A}`)).toEqual([]);
    expect(calls(`Use <tool_call> like\n\`\`\`\n${HERMES_A}\n\`\`\``)).toEqual([]);
  });

  it('an unclosed opener in a sentence at the end: text, and a later Cline call still counts', () => {
    const text = 'I answer with <tool_call> tags. Now: <read_file><path>a.ts</path></read_file> done';
    expect(final(text)).toEqual([
      { type: 'text', content: 'I answer with <tool_call> tags. Now:', partial: false },
      expect.objectContaining({ type: 'tool_use', name: 'read_file', params: { path: 'a.ts' }, partial: false }),
      { type: 'text', content: 'done', partial: false },
    ]);
    expect(final(text)[1]).toMatchObject({ call_id: `call_${text.indexOf('<read_file>')}` });
  });

  it('several unclosed openers in sentences: each is spent once, the call after them counts', () => {
    const text = 'Qwen writes <tool_call> and <function_calls> too, then <read_file><path>b</path></read_file>';
    expect(calls(text)).toEqual([['read_file', { path: 'b' }, 'cline']]);
  });

  it('a construct cut off by the end of the stream stays text whole, even with a tag inside its values', () => {
    const inner = '<execute_command><command>rm -rf build</command></execute_command>';
    for (const cut of [
      `<tool_call>\n{"name": "write_to_file", "arguments": {"path": "x.md", "content": "${inner}`,
      `<tool_call>\n<function=write_to_file>\n<parameter=content>\n${inner}\n</parameter>\n`,
      `<function_calls>\n<invoke name="write_to_file">\n<parameter name="content">${inner}</parameter>\n`,
      `<tool_call>write_to_file\n<arg_key>content</arg_key>\n<arg_value>${inner}</arg_value>\n`,
    ]) {
      expect(calls(cut), cut).toEqual([]);
    }
  });

  it('the stream form gives the same blocks at the end, however the reply is cut into chunks', () => {
    const text = 'I answer with <tool_call> tags. Now: <read_file><path>a.ts</path></read_file> and <tool_call> again';
    const whole = final(text);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 8 }), (cuts) => {
        const parser = createStreamParser({ protocol: allDialects });
        let at = 0;
        for (const cut of [...cuts].sort((a, b) => a - b)) {
          parser.write(text.slice(at, cut));
          at = cut;
        }
        parser.write(text.slice(at));
        expect(parser.end()).toEqual(whole);
      }),
    );
  });
});

describe("Mistral's [TOOL_CALLS] read in the scan", () => {
  const reply = 'Sure, reading it.[TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}';

  it('never shows the marker or the calls as text while the reply streams, cut anywhere', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 40 }), (sizes) => {
        const parser = createStreamParser({ protocol: allDialects });
        let at = 0;
        for (let i = 0; at < reply.length; i++) {
          const size = sizes[i % sizes.length]!;
          const blocks = parser.push(reply.slice(at, at + size));
          at += size;
          for (const b of blocks) if (b.type === 'text') expect(b.content).not.toMatch(/\[T|read_file/);
        }
        expect(parser.end()).toEqual(final(reply));
      }),
    );
  });

  it('keeps the prose before it, and is text inside inline code or a code fence', () => {
    expect(final(reply)).toEqual([
      { type: 'text', content: 'Sure, reading it.', partial: false },
      expect.objectContaining({ type: 'tool_use', name: 'read_file', dialect: 'mistral' }),
    ]);
    expect(calls('Mistral writes `[TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}` for it.')).toEqual([]);
    expect(calls('Like this:\n```\n[TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}\n```\nthen nothing.')).toEqual([]);
  });

  it('a marker followed by no call is text, whole', () => {
    const text = 'The token [TOOL_CALLS] starts a call list.';
    expect(final(text)).toEqual([{ type: 'text', content: text, partial: false }]);
  });
});
