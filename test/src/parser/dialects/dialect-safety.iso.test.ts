// The safety rules of recovered calls (a recovered call runs code): examples never run, cut-off
// calls never run, leaked special tokens never show, reasoning never swallows the answer.
import { describe, expect, it } from 'vitest';
import { parseAssistantMessage, type AssistantMessageContent, withDialects } from '../../../../src/parser/index.js';
import { clineThinkProtocol, SAFE_DIALECTS } from '../../../../src/protocol/index.js';
import { LEAKED_TOKENS } from '../../../../src/parser/dialects/special-tokens.js';
import { allDialects, DIALECT_EXAMPLES } from './dialect-examples.js';

const final = (text: string, protocol = allDialects) => parseAssistantMessage(text, { protocol, final: true });
const toolUses = (blocks: AssistantMessageContent[]) => blocks.filter((b) => b.type === 'tool_use');
const complete = (blocks: AssistantMessageContent[]) => toolUses(blocks).filter((b) => !b.partial);
const allText = (blocks: AssistantMessageContent[]) =>
  blocks.map((b) => (b.type === 'text' ? b.content : b.type === 'reasoning' ? b.reasoning : '')).join('\n');

const HERMES = '<tool_call>\n{"name": "execute_command", "arguments": {"command": "rm -rf build"}}\n</tool_call>';

describe('a call shown as an example never runs', () => {
  it.each(DIALECT_EXAMPLES.filter((e) => !e.name.startsWith('json') && e.name !== 'html-escaped'))(
    '$name inside a code fence between prose',
    (example) => {
      const text = `You could write it like this:\n\n\`\`\`\n${example.text}\n\`\`\`\n\nbut I will not.`;
      expect(complete(final(text))).toEqual([]);
      expect(allText(final(text))).toContain('but I will not.');
    },
  );

  it('a tag in inline code stays text', () => {
    expect(final('The model writes `<tool_call>` blocks.')).toEqual([
      { type: 'text', content: 'The model writes `<tool_call>` blocks.', partial: false },
    ]);
  });

  it('a tag named inside a sentence gives the whole sentence back, and hides nothing once the reply ends', () => {
    const text =
      'Qwen answers with <tool_call> blocks and GLM with <arg_key> pairs; DeepSeek uses <｜tool▁calls▁begin｜> tokens.';
    expect(final(text)).toEqual([{ type: 'text', content: text, partial: false }]);
  });

  it('a bare Cline tool tag named in a sentence keeps the rest of the sentence', () => {
    const blocks = final('To look at a file, use <read_file> with a path.', clineThinkProtocol);
    expect(toolUses(blocks)).toEqual([]);
    expect(allText(blocks)).toContain('<read_file> with a path.');
  });

  it('a cut-off Cline tool (no words after its tag) stays a partial tool use, never text', () => {
    expect(toolUses(final('Reading. <read_file>\n<pa', clineThinkProtocol))).toEqual([
      expect.objectContaining({ name: 'read_file', partial: true }),
    ]);
  });

  it('JSON between prose is not a call; bare JSON and pythonic lists are off for unknown models', () => {
    expect(complete(final('Here it is: {"name": "read_file", "arguments": {"path": "a"}} as you asked.'))).toEqual([]);
    expect(complete(final('Example: [read_file(path="a")] is how it looks.'))).toEqual([]);
    expect(SAFE_DIALECTS).not.toContain('json');
    expect(SAFE_DIALECTS).not.toContain('pythonic');
    const safe = withDialects(clineThinkProtocol, SAFE_DIALECTS);
    expect(complete(final('{"name": "read_file", "arguments": {"path": "a"}}', safe))).toEqual([]);
  });

  it('a JSON object that is not a call of an offered tool is text', () => {
    expect(complete(final('{"name": "Alice", "arguments": {"age": 3}}'))).toEqual([]);
    expect(complete(final('{"name": "read_file"}'))).toEqual([]);
  });
});

describe('a call cut off by the end of the stream never runs', () => {
  it.each(DIALECT_EXAMPLES)('$name: no prefix gives a call the whole reply does not have', (example) => {
    const whole = complete(final(example.text));
    for (let cut = 0; cut < example.text.length; cut++) {
      const got = complete(final(example.text.slice(0, cut)));
      // a prefix may hold the calls that were already complete — never one with other (half) arguments
      for (const call of got) expect(whole, `prefix of ${cut}`).toContainEqual(call);
      expect(got.length).toBeLessThanOrEqual(whole.length);
    }
  });

  it('an unclosed hermes block is text (the model is told it used no tool), not a call', () => {
    const blocks = final(HERMES.slice(0, -'</tool_call>'.length));
    expect(toolUses(blocks)).toEqual([]);
  });
});

describe('leaked special tokens never show as text', () => {
  it.each(LEAKED_TOKENS)('%s', (token) => {
    const blocks = final(`Done.${token}`);
    expect(allText(blocks)).toBe('Done.');
  });

  it('a token cut by the stream is held, then dropped', () => {
    const parser = parseAssistantMessage('All good<|im_e', { protocol: allDialects });
    expect(parser).toEqual([{ type: 'text', content: 'All good', partial: true }]);
  });

  it('harmony final channel: markers go, the answer stays', () => {
    expect(final('<|start|>assistant<|channel|>final<|message|>The answer is 4.<|return|>')).toEqual([
      { type: 'text', content: 'The answer is 4.', partial: false },
    ]);
  });
});

describe('reasoning as models write it', () => {
  it.each(['thinking', 'reasoning', 'thought'])('<%s> opens reasoning', (tag) => {
    expect(final(`<${tag}>plan</${tag}>Answer`)).toEqual([
      { type: 'reasoning', reasoning: 'plan', partial: false },
      { type: 'text', content: 'Answer', partial: false },
    ]);
  });

  it('a mismatched pair closes the reasoning instead of swallowing the reply', () => {
    const blocks = final('<think>plan</thinking>Now: <read_file><path>a</path></read_file>');
    expect(blocks[0]).toEqual({ type: 'reasoning', reasoning: 'plan', partial: false });
    expect(complete(blocks)).toHaveLength(1);
  });

  it('a reply that starts inside reasoning (only the close tag appears) is detected', () => {
    expect(final('the template opened it\n</think>\n\nHello')).toEqual([
      { type: 'reasoning', reasoning: 'the template opened it', partial: false },
      { type: 'text', content: 'Hello', partial: false },
    ]);
  });

  it('a close tag after an answer block, or in a fence, is text', () => {
    expect(final('<read_file><path>a</path></read_file> then </think> here').at(-1)).toEqual({
      type: 'text',
      content: 'then </think> here',
      partial: false,
    });
    expect(final('```\n</think>\n```')[0]?.type).toBe('text');
  });
});

describe('HTML-escaped Cline XML', () => {
  it('is unescaped exactly once', () => {
    const [call] = complete(
      final('&lt;execute_command&gt;&lt;command&gt;echo &amp;lt;b&amp;gt;&lt;/command&gt;&lt;/execute_command&gt;'),
    );
    expect(call).toEqual(expect.objectContaining({ params: { command: 'echo &lt;b&gt;' }, dialect: 'html-escaped' }));
  });

  it('a reply that only mentions an escaped tag in prose and has no complete call stays text', () => {
    expect(complete(final('In HTML you would write &lt;read_file&gt; for the tag.'))).toEqual([]);
  });
});
