// Issue 35, classes 3, 6 and 7: one family's tag with another's body is never a call with its
// arguments dropped; the formats real servers emit (DSML, MiniMax, [THINK], Hermes "args", several
// objects in one <tool_call>, a stray </tool_call>, harmony's recipient before the channel); leaked
// template tokens never show. One-shot and at every cut of each example.
import { describe, expect, it } from 'vitest';
import { atEveryCut, completeCalls, proseOf } from './every-cut.js';
import { allDialects } from './dialect-examples.js';

const options = { protocol: allDialects, idPrefix: 'f' };
const READ = (dialect: string, path = 'a.ts') => ['read_file', { path }, dialect];

describe('class 3: a body the recognizer does not understand', () => {
  it('<function=NAME>{json}</function> is Llama 3.1 / Functionary JSON, read with its arguments', () => {
    const blocks = atEveryCut('<function=read_file>{"path": "a.ts"}</function>', options);
    expect(completeCalls(blocks)).toEqual([READ('llama')]);
  });

  it.each([
    '<function=execute_command>rm -rf build</function>',
    '<function=read_file>path: a.ts</function>',
    '<function=read_file>\n<parameter=path>\na.ts\n</parameter>\nand more words\n</function>',
    '<function=read_file>\nsome words\n<parameter=path>\na.ts\n</parameter>\n</function>',
    '<tool_call><function=read_file>{"path": "a.ts"}</function></tool_call>',
  ])('%s: text, never a call with its arguments dropped', (text) => {
    const blocks = atEveryCut(text, options);
    expect(completeCalls(blocks)).toEqual([]);
    expect(proseOf(blocks).join('')).toContain('function=');
  });
});

describe('class 6: formats real servers emit', () => {
  it("DeepSeek V3.2's DSML markup", () => {
    const text =
      'Let me check.\n<｜DSML｜function_calls>\n<｜DSML｜invoke name="read_file">\n<｜DSML｜parameter name="path" string="true">a.ts</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>';
    const blocks = atEveryCut(text, options);
    expect(completeCalls(blocks)).toEqual([READ('deepseek')]);
    expect(proseOf(blocks)).toEqual(['Let me check.']);
  });

  it('DSML with a JSON object in the invoke', () => {
    const text =
      '<｜DSML｜function_calls><｜DSML｜invoke name="read_file">{"path": "a.ts"}</｜DSML｜invoke></｜DSML｜function_calls>';
    expect(completeCalls(atEveryCut(text, options))).toEqual([READ('deepseek')]);
  });

  it("a DSML block whose inner tags are Anthropic's own (the mark dropped inside), and a value holding the mark kept as written", () => {
    const plainInside =
      '<｜DSML｜function_calls>\n<invoke name="read_file">\n<parameter name="path">a.ts</parameter>\n</invoke>\n</｜DSML｜function_calls>';
    expect(completeCalls(atEveryCut(plainInside, options))).toEqual([READ('deepseek')]);
    const markInValue =
      '<｜DSML｜function_calls><｜DSML｜invoke name="read_file"><｜DSML｜parameter name="path" string="true">a<｜DSML｜b.ts</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>';
    const [call] = completeCalls(atEveryCut(markInValue, options));
    expect(call).toEqual(['read_file', { path: 'a<｜DSML｜b.ts' }, 'deepseek']);
  });

  it("DeepSeek V4's <｜DSML｜tool_calls> block", () => {
    const text =
      '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="read_file">\n<｜DSML｜parameter name="path" string="true">a.ts</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>';
    expect(completeCalls(atEveryCut(text, options))).toEqual([READ('deepseek')]);
  });

  it("OLMo 3's bare calls in <function_calls>, LFM2's <|tool_call_start|> list", () => {
    expect(
      completeCalls(
        atEveryCut('<function_calls>read_file(path="a.ts")\nread_file(path="b.ts")</function_calls>', options),
      ),
    ).toEqual([READ('pythonic'), READ('pythonic', 'b.ts')]);
    expect(
      completeCalls(atEveryCut('Reading.<|tool_call_start|>[read_file(path="a.ts")]<|tool_call_end|>', options)),
    ).toEqual([READ('pythonic')]);
  });

  it("MiniMax's <minimax:tool_call>", () => {
    const text =
      'Reading.\n<minimax:tool_call>\n<invoke name="read_file">\n<parameter name="path">a.ts</parameter>\n</invoke>\n</minimax:tool_call>';
    expect(completeCalls(atEveryCut(text, options))).toEqual([READ('anthropic')]);
  });

  it("Magistral's [THINK]…[/THINK] is reasoning, and a call after it runs", () => {
    const text = '[THINK]The user wants a.ts.[/THINK]Reading it.[TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}';
    const blocks = atEveryCut(text, options);
    expect(blocks[0]).toEqual({ type: 'reasoning', reasoning: 'The user wants a.ts.', partial: false });
    expect(completeCalls(blocks)).toEqual([READ('mistral')]);
    expect(proseOf(blocks)).toEqual(['Reading it.']);
  });

  it('a reply that begins inside [THINK] (only [/THINK] appears)', () => {
    const blocks = atEveryCut('let me think[/THINK][TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}', options);
    expect(blocks[0]).toEqual({ type: 'reasoning', reasoning: 'let me think', partial: false });
    expect(completeCalls(blocks)).toEqual([READ('mistral')]);
  });

  it('Hermes with "args" instead of "arguments"', () => {
    const text = '<tool_call>\n{"name": "read_file", "args": {"path": "a.ts"}}\n</tool_call>';
    expect(completeCalls(atEveryCut(text, options))).toEqual([READ('hermes')]);
  });

  it('several JSON objects inside one <tool_call>', () => {
    const text =
      '<tool_call>\n{"name": "read_file", "arguments": {"path": "a.ts"}}\n{"name": "read_file", "arguments": {"path": "b.ts"}}\n</tool_call>';
    expect(completeCalls(atEveryCut(text, options))).toEqual([READ('hermes'), READ('hermes', 'b.ts')]);
  });

  it("Qwen3-Coder's </tool_call> without its opener: the call runs and the stray tag never shows", () => {
    const text =
      'Reading.\n<function=read_file>\n<parameter=path>\na.ts\n</parameter>\n</function>\n</tool_call>\nDone.';
    const blocks = atEveryCut(text, options);
    expect(completeCalls(blocks)).toEqual([READ('qwen3-coder')]);
    expect(proseOf(blocks)).toEqual(['Reading.', 'Done.']);
  });

  it('a </tool_call> with prose before it stays text', () => {
    const text = '<function=read_file>\n<parameter=path>\na.ts\n</parameter>\n</function>\nUse </tool_call> to end it.';
    expect(proseOf(atEveryCut(text, options))).toEqual(['Use </tool_call> to end it.']);
  });

  it("harmony's recipient before the channel", () => {
    const text =
      '<|start|>assistant to=functions.read_file<|channel|>commentary json<|message|>{"path": "a.ts"}<|call|>';
    expect(completeCalls(atEveryCut(text, options))).toEqual([READ('harmony')]);
  });
});

describe('class 7: leaked template tokens never show', () => {
  it.each([
    [
      "Here's the weather: <｜tool▁output▁begin｜>Temperature: 22°C<｜tool▁output▁end｜> Hope that helps!",
      "Here's the weather: Temperature: 22°C Hope that helps!",
    ],
    ['<｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>ok<｜tool▁output▁end｜><｜tool▁outputs▁end｜>Done.', 'okDone.'],
  ])('%s', (text, shown) => {
    expect(proseOf(atEveryCut(text, options))).toEqual([shown]);
  });

  it('an unsolicited harmony container.exec call: its header and tokens never show, and it never runs', () => {
    const text =
      '<|channel|>analysis<|message|>Let me look around.<|end|><|start|>assistant<|channel|>analysis to=container.exec code<|message|>{"cmd":["bash","-lc","ls"]}<|call|>';
    const blocks = atEveryCut(text, options);
    expect(completeCalls(blocks)).toEqual([]);
    const shown = proseOf(blocks).join('\n');
    expect(shown).not.toMatch(/<\||container\.exec|analysis/);
    expect(shown).toBe('{"cmd":["bash","-lc","ls"]}');
  });

  it('a harmony call cut off by the stream: its header never shows either', () => {
    const text =
      '<|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>{"path": "a.ts"}';
    const blocks = atEveryCut(text, { ...options, finishReason: 'length' });
    expect(completeCalls(blocks)).toEqual([]);
    expect(proseOf(blocks).join('')).not.toMatch(/<\||to=/);
  });
});
